// The letter renderer alone: median and p95 milliseconds per A4 letter, after warm-up.
import { renderLetterPdf } from '../apps/server/src/letters/pdf/render-letter.ts';
import { sampleLetterInput, sampleLogo } from '../apps/server/src/letters/pdf/sample.ts';
import { writeResults } from './lib.ts';

const input = sampleLetterInput(await sampleLogo('png'));
for (let i = 0; i < 20; i++) await renderLetterPdf({ ...input, number: `500/${i}/W/XI/2026` });
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await renderLetterPdf({
    ...input,
    number: `500/${String(i).padStart(3, '0')}/3201012001/XI/2026`,
  });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 100) / 100;
const result = { name: 'pdf', count: times.length, median_ms: at(0.5), p95_ms: at(0.95) };
writeResults('pdf.json', result);
console.log(result);
