import { MONTHS_ID, todayIso } from '@balai/domain';
import type { BySex, RegisterMonthlyReport } from '@balai/domain/contract';
import { useSearchParams } from 'react-router';
import { monthlyReportFile, useMonthlyReport } from '../../../api/register.ts';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { DownloadButtons } from './download.tsx';
import { dayText } from './register-cells.tsx';

const nf = new Intl.NumberFormat('id-ID');

/** "2026-05" → "Mei 2026". */
export const monthText = (month: string) =>
  `${MONTHS_ID[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;

/** The report's rows in the order of the book: start, what came and went, end. */
export function reportRows(
  r: RegisterMonthlyReport,
): { key: string; label: string; value: BySex; sum?: boolean }[] {
  return [
    { key: 'start', label: `Awal bulan (${dayText(r.from)})`, value: r.start, sum: true },
    { key: 'births', label: 'Lahir', value: r.births },
    { key: 'arrivals', label: 'Datang (pindah masuk)', value: r.arrivals },
    { key: 'deaths', label: 'Meninggal', value: r.deaths },
    { key: 'departures', label: 'Pindah keluar', value: r.departures },
    { key: 'lost', label: 'Hilang', value: r.lost },
    { key: 'end', label: `Akhir bulan (${dayText(r.to)})`, value: r.end, sum: true },
  ];
}

const isMonth = (v: string | null): v is string => !!v && /^(19|20)\d{2}-(0[1-9]|1[0-2])$/.test(v);

function ReportedList({
  title,
  events,
}: {
  title: string;
  events: RegisterMonthlyReport['late_reports'];
}) {
  return (
    <section className="mt-6">
      <h2 className="text-lg font-bold text-slate-900">
        {title} ({events.length})
      </h2>
      {events.length === 0 ? (
        <p className="text-slate-700">Tidak ada.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {events.map((e) => (
            <li key={e.event_id} className="p-3">
              <strong>{e.kind_label}</strong> {e.person_name}: terjadi {dayText(e.occurred_on)},
              dilaporkan {dayText(e.reported_on)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/admin/register/report` (Laporan Bulanan): the population at the start of the month by sex,
 * births, arrivals, deaths, departures and losses counted by the day they happened, and the end
 * (always the next month's start); events reported late listed; XLSX and A4 PDF downloads.
 */
export default function MonthlyReportPage() {
  const [params, setParams] = useSearchParams();
  const month = isMonth(params.get('month')) ? params.get('month')! : todayIso().slice(0, 7);
  const { report, error, isLoading, retry } = useMonthlyReport(month);

  return (
    <AdminPage
      title="Laporan Bulanan"
      breadcrumbs={[{ label: 'Kependudukan' }, { label: 'Laporan Bulanan' }]}
      lead="Dihitung menurut tanggal kejadian; akhir bulan selalu sama dengan awal bulan berikutnya."
    >
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="bulan" className="mb-1 block font-semibold text-slate-900">
            Bulan
          </label>
          <input
            id="bulan"
            type="month"
            value={month}
            max={todayIso().slice(0, 7)}
            onChange={(e) => isMonth(e.target.value) && setParams({ month: e.target.value })}
            className="h-11 rounded-md border-2 border-slate-700 bg-white px-2 text-base"
          />
        </div>
        <DownloadButtons
          label={`Unduh laporan ${monthText(month)}`}
          files={[
            {
              key: 'pdf',
              label: 'Unduh PDF',
              path: monthlyReportFile(month, 'pdf'),
              fileName: `laporan-penduduk-${month}.pdf`,
            },
            {
              key: 'xlsx',
              label: 'Unduh Excel',
              path: monthlyReportFile(month, 'xlsx'),
              fileName: `laporan-penduduk-${month}.xlsx`,
            },
          ]}
        />
      </div>
      {isLoading && !report && <LoadingBlock />}
      {error != null && !report && <ErrorBlock error={error} onRetry={retry} />}
      {report && (
        <>
          <div
            role="region"
            aria-labelledby="tabel-laporan"
            tabIndex={0}
            className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
          >
            <table className="w-full border-collapse text-left text-sm sm:text-base">
              <caption
                id="tabel-laporan"
                className="px-2 pt-3 text-left text-lg font-semibold text-slate-900 sm:px-3"
              >
                Mutasi penduduk {monthText(report.month)}
              </caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="px-2 py-3 sm:px-3">
                    Keterangan
                  </th>
                  <th scope="col" className="px-2 py-3 text-right sm:px-3">
                    Laki-laki
                  </th>
                  <th scope="col" className="px-2 py-3 text-right sm:px-3">
                    Perempuan
                  </th>
                  <th scope="col" className="px-2 py-3 text-right sm:px-3">
                    Jumlah
                  </th>
                </tr>
              </thead>
              <tbody>
                {reportRows(report).map((row) => (
                  <tr
                    key={row.key}
                    className={`border-b border-slate-200 ${row.sum ? 'bg-slate-50 font-bold' : ''}`}
                  >
                    <th scope="row" className="px-2 py-2 font-semibold sm:px-3">
                      {row.label}
                    </th>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                      {nf.format(row.value.male)}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                      {nf.format(row.value.female)}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums sm:px-3">
                      {nf.format(row.value.total)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ReportedList
            title="Dilaporkan terlambat (setelah bulan ini)"
            events={report.late_reports}
          />
          <ReportedList
            title="Dilaporkan bulan ini untuk bulan sebelumnya"
            events={report.reported_late_this_month}
          />
        </>
      )}
    </AdminPage>
  );
}
