/**
 * Renders sample letters to a folder and rasterises them (needs poppler-utils) for a visual
 * check:  node --import tsx apps/server/src/letters/pdf/preview.ts [outDir]
 * Besides the generic samples, each of the 15 types with the demo data ({code}-demo) and with
 * long data ({code}-long), one PNG per page; the page counts are printed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderLetterPdf } from './render-letter.ts';
import { sampleLetterInput, sampleLogo } from './sample.ts';
import { allTypeSamples, demoLogo } from './type-samples.ts';

async function main(): Promise<void> {
  const out = process.argv[2] ?? '/tmp/balai-pdf-sample';
  mkdirSync(out, { recursive: true });
  const base = sampleLetterInput(await sampleLogo('png'));
  const long = {
    ...sampleLetterInput(await sampleLogo('webp')),
    statement: Array.from(
      { length: 6 },
      () =>
        'Nama tersebut di atas adalah benar warga desa kami dan berkelakuan baik; ' +
        'menurut catatan kami tidak pernah tersangkut perkara pidana maupun perdata. ' +
        'Keterangan ini diberikan berdasarkan Surat Pengantar RT/RW dan pengamatan ' +
        'perangkat desa selama yang bersangkutan tinggal di wilayah Desa Sukamaju.',
    ).join('\n'),
    details: [
      ...(base.details ?? []),
      ['Kronologi', 'Tautan <b>tebal</b> https://contoh.id/a?b=1 ' + 'X'.repeat(140)] as const,
    ],
  };
  const samples: Record<string, typeof base> = {
    letter: base,
    long,
    nologo: sampleLetterInput(null),
  };
  const logo = await demoLogo();
  for (const kind of ['demo', 'long'] as const) {
    for (const s of allTypeSamples(kind, logo)) samples[`${s.type.code}-${kind}`] = s.input;
  }
  for (const [name, input] of Object.entries(samples)) {
    const pdf = await renderLetterPdf(input);
    const file = join(out, `${name}.pdf`);
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', file, join(out, name)]);
    const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
    console.log(`${file} (${pdf.length} bytes, ${pages} page(s))`);
  }
}

await main();
