import QRCode from 'qrcode';

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Dark modules merged into horizontal runs: [row, startCol, length]. */
  runs: [number, number, number][];
}

/** The verification URL as a QR matrix (error correction M), drawn later as vector boxes. */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  const runs: [number, number, number][] = [];
  for (let r = 0; r < size; r++) {
    let c = 0;
    while (c < size) {
      if (!data[r * size + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < size && data[r * size + c]) c++;
      runs.push([r, start, c - start]);
    }
  }
  return { size, runs };
}
