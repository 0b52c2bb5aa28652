import { openDb } from './src/db/database.ts';
import { countActiveResidents, countIssuedSince, countRequestsByStatus, countRequestsPerMonth, medianProcessingSeconds } from './src/repositories/dashboard.ts';
import { lastMonths } from './src/routes/letters/dashboard.ts';
const db = openDb(process.argv[2]);
const months = lastMonths(12);
for (let i = 0; i < 2; i++) {
  for (const [name, f] of [['residents', () => countActiveResidents(db.kysely)], ['byStatus', () => countRequestsByStatus(db.kysely)], ['perMonth', () => countRequestsPerMonth(db.kysely, months)], ['issued', () => countIssuedSince(db.kysely, months[11]!.start)], ['median', () => medianProcessingSeconds(db.kysely, months[0]!.start)]] as const) {
    const t0 = performance.now(); await f(); console.log(name, (performance.now() - t0).toFixed(1), 'ms');
  }
}
await db.close();
