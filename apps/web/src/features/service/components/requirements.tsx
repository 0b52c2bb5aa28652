/** What to prepare for a letter, as a list under its own heading. */
export function Requirements({ items, headingLevel }: { items: string[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (items.length === 0) return null;
  return (
    <>
      <Heading
        className={
          headingLevel === 2
            ? 'mt-8 text-2xl font-bold text-slate-900'
            : 'mt-4 font-semibold text-slate-900'
        }
      >
        Persyaratan
      </Heading>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/** "Ajukan surat Usaha", but "Ajukan Surat Keterangan" (no "surat Surat"). */
export function applyLabel(title: string) {
  return /^surat\b/i.test(title) ? `Ajukan ${title}` : `Ajukan surat ${title}`;
}
