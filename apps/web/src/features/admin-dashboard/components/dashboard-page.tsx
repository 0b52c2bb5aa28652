import { LETTER_TYPES } from '@balai/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin/admin-page.tsx';
import { BarListChart } from '../../../components/charts/bar-list-chart.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import type { Dashboard, WaitingStatus } from '@balai/domain/contract';
import { useDashboard } from '../../../api/dashboard.ts';

const nf = new Intl.NumberFormat('id-ID');
const clock = new Intl.DateTimeFormat('id-ID', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Jakarta',
  hourCycle: 'h23',
});
const day = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Jakarta',
});

/** "per 14.05": the figures may be up to a minute old; the time is the village's (WIB). */
export function asOfText(iso: string) {
  return `per ${clock.format(new Date(iso)).replace(':', '.')} WIB`;
}

/**
 * A duration in minutes as people say it: "6 menit", "5 jam 30 menit", "2 jam", and from two
 * days on "2,3 hari" (never "0 jam" or "0,1 jam").
 */
export function durationText(minutes: number) {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} menit`;
  if (m < 48 * 60) {
    const rest = m % 60;
    return `${Math.floor(m / 60)} jam${rest ? ` ${rest} menit` : ''}`;
  }
  const one = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });
  return `${one.format(m / 1440)} hari`;
}

/** The median in minutes, from an older server's hours when it has no minutes. */
function medianMinutes(d: Dashboard): number | null {
  if (d.median_processing_minutes != null) return d.median_processing_minutes;
  return d.median_processing_hours === null ? null : d.median_processing_hours * 60;
}

/**
 * What waits on the office (Diajukan, Diproses) and what waits for the Kepala Desa's signature
 * (Menunggu Tanda Tangan), apart (issue 25).
 */
export function waitingSplit(w: Dashboard['waiting']) {
  const count = (status: WaitingStatus) =>
    w.by_status?.[status] ?? w.by_age.reduce((n, b) => n + (b.by_status[status] ?? 0), 0);
  const signature = count('awaiting_signature');
  return {
    submitted: count('submitted'),
    processing: count('processing'),
    signature,
    office: w.total - signature,
  };
}

function Card({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-brand-900">{value}</dd>
      {detail && <dd className="mt-0.5 text-sm text-slate-700">{detail}</dd>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      {children}
    </section>
  );
}

/** Requests per month: the totals as columns, and the split by type in the data table. */
function MonthlyRequests({ months }: { months: Dashboard['requests_per_month'] }) {
  const max = Math.max(1, ...months.map((m) => m.total));
  const width = 360;
  const height = 150;
  const step = width / Math.max(1, months.length);
  const total = months.reduce((a, m) => a + m.total, 0);
  const busiest = months.reduce<(typeof months)[number] | undefined>(
    (a, m) => (!a || m.total > a.total ? m : a),
    undefined,
  );
  const types = LETTER_TYPES.filter((t) => months.some((m) => (m.by_type[t.code] ?? 0) > 0));
  return (
    <figure className="min-w-0">
      <figcaption className="text-lg font-semibold text-slate-900">Permohonan per bulan</figcaption>
      <svg
        role="img"
        aria-label={
          `Permohonan per bulan, ${months.length} bulan terakhir, jumlah ${nf.format(total)}.` +
          (busiest ? ` Terbanyak ${busiest.label}: ${nf.format(busiest.total)}.` : '')
        }
        viewBox={`0 0 ${width} ${height + 30}`}
        className="mt-2 h-auto max-h-72 w-full"
      >
        {months.map((m, i) => {
          const h = (m.total / max) * height;
          const x = i * step + step * 0.15;
          return (
            <g key={m.month}>
              <rect x={x} y={height - h + 12} width={step * 0.7} height={h} fill="#0f6b4a" />
              <text
                x={x + step * 0.35}
                y={height - h + 9}
                fontSize="10"
                textAnchor="middle"
                fill="#0f172a"
              >
                {nf.format(m.total)}
              </text>
              <text
                x={x + step * 0.35}
                y={height + 26}
                fontSize="10"
                textAnchor="middle"
                fill="#0f172a"
              >
                {m.label.split(' ')[0]}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-2">
        <summary className="cursor-pointer font-semibold text-brand-800 underline underline-offset-4">
          Tampilkan tabel data
        </summary>
        <div
          className="relative mt-2 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Tabel permohonan per bulan"
        >
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Permohonan per bulan menurut jenis surat</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Bulan
                </th>
                {types.map((t) => (
                  <th key={t.code} scope="col" className="py-2 pr-3 text-right">
                    <abbr title={t.title}>{t.code.toUpperCase()}</abbr>
                  </th>
                ))}
                <th scope="col" className="py-2 text-right">
                  Jumlah
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-b border-slate-200">
                  <th scope="row" className="whitespace-nowrap py-1.5 pr-3 font-medium">
                    {m.label}
                  </th>
                  {types.map((t) => (
                    <td key={t.code} className="py-1.5 pr-3 text-right">
                      {nf.format(m.by_type[t.code] ?? 0)}
                    </td>
                  ))}
                  <td className="py-1.5 text-right font-semibold">{nf.format(m.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function Waiting({ waiting }: { waiting: Dashboard['waiting'] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BarListChart
        title="Menunggu menurut lama"
        head="Lama menunggu"
        unit="permohonan"
        color="#b45309"
        rows={waiting.by_age.map((b) => ({ label: b.label, value: b.count }))}
      />
      <div className="min-w-0">
        <h3 className="text-lg font-semibold text-slate-900">Paling lama menunggu</h3>
        {waiting.oldest.length === 0 ? (
          <p className="mt-2 text-slate-700">Tidak ada permohonan yang menunggu.</p>
        ) : (
          <ol className="mt-2 divide-y divide-slate-200">
            {waiting.oldest.map((r) => (
              <li key={`${r.type}-${r.id}`} className="py-2">
                <Link
                  to={adminPaths.detail(`service-${r.type}`, r.id)}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {r.reference}
                </Link>{' '}
                <span className="text-slate-800">· {r.applicant_name}</span>
                <span className="block text-sm text-slate-700">
                  {r.type_title} · {r.status_label} · diajukan {day.format(new Date(r.created_at))}{' '}
                  · <strong>{r.age_days === 0 ? 'hari ini' : `${r.age_days} hari`}</strong>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

/**
 * `/admin`: the office's figures at a glance, each chart with its numbers as a table. `top` is
 * what the app puts above them (the signer's "Menunggu tanda tangan Anda", app/admin).
 */
export function DashboardPage({ top }: { top?: ReactNode } = {}) {
  const { dashboard: d, error, isLoading, retry } = useDashboard();
  const waiting = d ? waitingSplit(d.waiting) : null;
  const median = d ? medianMinutes(d) : null;
  return (
    <AdminPage
      title="Dashboard"
      breadcrumbs={[{ label: 'Dashboard' }]}
      lead={d ? `Angka ${asOfText(d.as_of)}; diperbarui paling lama tiap menit.` : undefined}
    >
      {top}
      {isLoading && !d && <LoadingBlock />}
      {error != null && !d && <ErrorBlock error={error} onRetry={retry} />}
      {d && (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-5">
            <Card
              label="Warga terdaftar"
              value={nf.format(d.residents)}
              detail={`${nf.format(d.verified_residents)} terverifikasi`}
            />
            <Card
              label="Menunggu kantor"
              value={nf.format(waiting!.office)}
              detail={`${nf.format(waiting!.submitted)} diajukan, ${nf.format(waiting!.processing)} diproses`}
            />
            <Card
              label="Menunggu tanda tangan"
              value={nf.format(waiting!.signature)}
              detail="pada Kepala Desa"
            />
            <Card label="Surat terbit bulan ini" value={nf.format(d.issued_this_month)} />
            <Card
              label="Median waktu selesai"
              value={median === null ? '–' : durationText(median)}
              detail="diajukan sampai terbit, 12 bulan terakhir"
            />
          </dl>
          {d.waiting && (
            <Section title="Permohonan menunggu">
              <Waiting waiting={d.waiting} />
            </Section>
          )}
          <Section title="Permohonan per bulan">
            <MonthlyRequests months={d.requests_per_month} />
          </Section>
          <div className="grid gap-6 lg:grid-cols-2">
            <Section title="Permohonan menurut status">
              <BarListChart
                title="Permohonan menurut status"
                head="Status"
                unit="permohonan"
                rows={d.requests_by_status.map((s) => ({ label: s.label, value: s.count }))}
              />
            </Section>
            <Section title="Jenis surat terbanyak">
              <BarListChart
                title="Jenis surat terbanyak"
                note="12 bulan terakhir"
                head="Jenis surat"
                unit="permohonan"
                rows={d.busiest_types.map((t) => ({ label: t.title, value: t.count }))}
              />
            </Section>
          </div>
          <Section title="Penduduk">
            <h2 className="text-xl font-bold text-slate-900">Penduduk</h2>
            <p className="mt-1 text-slate-800">
              {nf.format(d.population.total.total)} jiwa: {nf.format(d.population.total.male)}{' '}
              laki-laki, {nf.format(d.population.total.female)} perempuan (data profil desa).
            </p>
            {d.population.infos.length > 0 && (
              <dl className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
                {d.population.infos.map((i) => (
                  <Card
                    key={i.label}
                    label={i.label}
                    value={`${i.value}${i.unit ? ` ${i.unit}` : ''}`}
                  />
                ))}
              </dl>
            )}
            <div className="mt-4 grid gap-6 xl:grid-cols-2">
              <BarListChart
                title="Kelompok umur"
                head="Kelompok umur"
                unit="jiwa"
                rows={d.population.ages.map((a) => ({ label: a.label, value: a.total }))}
              />
              <BarListChart
                title="Pekerjaan"
                head="Pekerjaan"
                unit="jiwa"
                rows={d.population.jobs.map((j) => ({ label: j.job, value: j.total }))}
              />
              <BarListChart
                title="Agama"
                head="Agama"
                unit="jiwa"
                rows={d.population.religions.map((r) => ({ label: r.religion, value: r.total }))}
              />
            </div>
          </Section>
        </div>
      )}
    </AdminPage>
  );
}
