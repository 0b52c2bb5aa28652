import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh outbox directory for a suite's mails (OUTBOX_DIR); remove it afterwards. */
export function tempOutbox(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'balai-outbox-'));
}

/** The .eml files in an outbox, read once `count` of them are there (the mail is sent after the answer). */
export async function outboxMails(dir: string, count: number): Promise<string[]> {
  let files: string[] = [];
  for (let i = 0; i < 250; i++) {
    files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    if (files.length >= count) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return files.sort().map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
}
