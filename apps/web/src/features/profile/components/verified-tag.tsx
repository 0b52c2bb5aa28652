/** The GOV.UK tag beside an identity field the village office has verified. */
export function VerifiedTag() {
  return (
    <strong className="ml-2 inline-block rounded bg-emerald-100 px-2 py-0.5 text-sm font-bold tracking-wide text-emerald-900">
      Terverifikasi
    </strong>
  );
}
