// The letter renderer alone: median and p95 milliseconds per A4 letter, after warm-up.
//   node --import tsx bench/pdf.bench.ts   → bench/results/pdf.json
// Every letter has its own number, applicant name and verification URL (so its own QR code).
import { renderLetterPdf, warmUpLetterPdf } from '../apps/server/src/letters/pdf/index.ts';
import { sampleLetterInput, sampleLogo } from '../apps/server/src/letters/pdf/sample.ts';
import { writeResults } from './lib.ts';

const input = sampleLetterInput(await sampleLogo('png'));
const letter = (i: number) => ({
  ...input,
  number: `500/${String(i).padStart(3, '0')}/3201012001/XI/2026`,
  applicant: input.applicant.map(([label, value], k) =>
    k === 0 ? ([label, `${value} ${i}`] as const) : ([label, value] as const),
  ),
  verifyUrl: `http://localhost:3000/verify/${i.toString(36).padStart(6, '0')}T8rLp4WzY7nB1cQe6HfJ0a`,
});

warmUpLetterPdf();
for (let i = 0; i < 20; i++) await renderLetterPdf(letter(1000 + i));
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await renderLetterPdf(letter(i));
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]! * 100) / 100;
const result = { name: 'pdf', count: times.length, median_ms: at(0.5), p95_ms: at(0.95) };
writeResults('pdf.json', result);
console.log(result);
