// Starts the real server for the browser tests on a fresh SQLite file, with a known administrator.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { startFakeWaGateway, WA_TOKEN } from './fake-wa-gateway.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'e2e/artifacts/data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// WhatsApp notices go to a local fake gateway; the specs find it through a file in the data
// folder and read what it received (notices.spec.ts, issue 22).
const waGateway = await startFakeWaGateway();
fs.writeFileSync(path.join(dataDir, 'wa-gateway.json'), JSON.stringify({ url: waGateway }));

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${path.join(dataDir, 'balai.sqlite')}`,
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    LOG_LEVEL: 'warn',
    BALAI_ADMIN_EMAIL: 'admin@e2e.desa.id',
    BALAI_ADMIN_PASSWORD: 'admin-e2e-rahasia',
    BALAI_DEMO_PASSWORD: 'warga-e2e-rahasia',
    // Every spec signs in from 127.0.0.1, through the page and the API, several people each
    // (clerk, Kepala Desa, residents): well over the 30 sign-ins a minute one address may make
    // in production. The limits themselves have their own server tests (auth-hardening).
    LOGIN_RATE_LIMIT_MAX: '600',
    // Likewise every page, asset and API call of the whole run comes from that one address, faster
    // than people click: the general limit (1,200 a minute) was reached mid-run.
    RATE_LIMIT_MAX: '12000',
    // The specs file letters as the same few demo residents over the whole run, more than the
    // five open letters of one type a resident may have; the caps have their own server tests.
    LETTER_MAX_OPEN_PER_TYPE: '0',
    WA_GATEWAY_URL: `${waGateway}/send`,
    WA_GATEWAY_TOKEN: WA_TOKEN,
    WA_MIN_GAP_MS: '0',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
