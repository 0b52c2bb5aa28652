import type { LetterTypeSummary, RequirementSummary } from '../../../lib/letter-types.ts';

/** The full name when the server sends it ("Surat Keterangan Usaha"), else the title. */
export const letterTypeName = (type: Pick<LetterTypeSummary, 'name' | 'title'>) =>
  type.name ?? type.title;

/** How each requirement is handed in, as the list says it. */
export const HANDED_IN: Record<RequirementSummary['online'], string> = {
  required: 'wajib diunggah fotonya',
  optional: 'unggah foto atau bawa ke kantor desa',
  office: 'bawa ke kantor desa',
};

/** What to prepare for a letter, as a list under its own heading. */
export function Requirements({
  items,
  headingLevel,
  hideHeading = false,
}: {
  items: RequirementSummary[];
  headingLevel: 2 | 3;
  /** Without its heading (inside a "Persyaratan" disclosure that names it already). */
  hideHeading?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (items.length === 0) return null;
  return (
    <>
      {!hideHeading && (
        <Heading
          className={
            headingLevel === 2
              ? 'mt-8 text-2xl font-bold text-slate-900'
              : 'mt-4 font-semibold text-slate-900'
          }
        >
          Persyaratan
        </Heading>
      )}
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-800">
        {items.map((item) => (
          <li key={item.key}>
            {item.label} <span className="text-slate-600">({HANDED_IN[item.online]})</span>
          </li>
        ))}
      </ul>
    </>
  );
}
