import { RELATIONSHIP_CODES, labelsOf } from '@balai/domain';
import type { RegisterFamilyAnswer, RegisterPerson } from '@balai/domain/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { movePerson, refreshRegister, splitFamily, useFamilies } from '../../../api/register.ts';
import { useToast } from '../../../components/toast/toast-context.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { adminPaths } from '../../../lib/admin-paths.ts';
import { errorMessage, fieldErrors } from '../../../lib/http-client.ts';
import { fieldText } from './register-cells.tsx';

const RELATIONSHIPS = labelsOf(RELATIONSHIP_CODES);
const controlClass = 'h-11 w-full rounded-md border-2 border-slate-700 bg-white px-2 text-base';
const labelClass = 'mb-1 block font-semibold text-slate-900';

/** The API's refusal in words: its field messages when it gives them, else its message. */
function refusalText(e: unknown): string {
  const fields = fieldErrors(e);
  const first = fields ? Object.values(fields).flat() : [];
  return first.length ? first.join(' ') : errorMessage(e);
}

function Refusal({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-3 border-l-4 border-red-700 bg-red-50 p-3 text-red-900">
      {text}
    </p>
  );
}

/** Moves one person into another family (found by No. KK or the head's name), with their SHDK there. */
export function MoveDialog({
  person,
  fromFamilyId,
  onClose,
}: {
  person: RegisterPerson | null;
  fromFamilyId: number;
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState('');
  const [relationship, setRelationship] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { list } = useFamilies(
    search.trim().length >= 3 ? { search: search.trim(), per_page: 10 } : null,
  );
  const found =
    search.trim().length >= 3 ? (list?.data ?? []).filter((f) => f.id !== fromFamilyId) : [];

  const close = () => {
    if (busy) return;
    setSearch('');
    setTarget('');
    setRelationship('');
    setRefusal(null);
    onClose();
  };

  async function submit() {
    if (!person) return;
    if (!target || !relationship) {
      setRefusal('Pilih keluarga tujuan dan hubungan dalam keluarga.');
      return;
    }
    setBusy(true);
    try {
      await movePerson(person.id, { family_id: Number(target), relationship });
      await refreshRegister();
      toast.success(`${person.name} dipindahkan ke keluarga lain.`);
      setBusy(false);
      close();
    } catch (e) {
      setRefusal(refusalText(e));
      setBusy(false);
    }
  }

  return (
    <Modal
      open={person !== null}
      onClose={close}
      title={`Pindahkan ${person?.name ?? ''}`}
      description="Ke kartu keluarga lain di desa ini."
      footer={
        <>
          <Button variant="outlined" onClick={close} disabled={busy}>
            Batal
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Pindahkan
          </Button>
        </>
      }
    >
      <label htmlFor={`${id}-search`} className={labelClass}>
        Cari keluarga tujuan
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-describedby={`${id}-hint`}
        className={controlClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
        No. KK atau nama kepala keluarga, minimal 3 karakter.
      </p>
      {found.length > 0 && (
        <fieldset className="mt-3">
          <legend className={labelClass}>Keluarga tujuan</legend>
          {found.map((f) => (
            <label key={f.id} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${id}-family`}
                value={f.id}
                checked={target === String(f.id)}
                onChange={() => setTarget(String(f.id))}
                className="size-5"
              />
              <span>
                {f.head_name ?? 'Tanpa kepala'} — KK {f.kk_number}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <label htmlFor={`${id}-shdk`} className={`${labelClass} mt-3`}>
        Hubungan dalam keluarga tujuan
      </label>
      <select
        id={`${id}-shdk`}
        value={relationship}
        onChange={(e) => setRelationship(e.target.value)}
        className={controlClass}
      >
        <option value="">Pilih hubungan</option>
        {RELATIONSHIPS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <Refusal text={refusal} />
    </Modal>
  );
}

/** Splits chosen members off onto a new family card with its own No. KK and head. */
export function SplitDialog({
  family,
  open,
  onClose,
}: {
  family: RegisterFamilyAnswer['data'];
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<number[]>([]);
  const [kk, setKk] = useState('');
  const [head, setHead] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const living = family.members.filter((m) => m.life_status === 'hidup');

  const close = () => {
    if (busy) return;
    setChosen([]);
    setKk('');
    setHead('');
    setRefusal(null);
    onClose();
  };

  async function submit() {
    if (chosen.length === 0 || !head || !/^\d{16}$/.test(kk.trim())) {
      setRefusal(
        'Pilih anggota yang dipisah, kepala keluarga barunya, dan isi No. KK baru (16 digit).',
      );
      return;
    }
    setBusy(true);
    try {
      const created = await splitFamily(family.id, {
        kk_number: kk.trim(),
        person_ids: chosen,
        head_person_id: Number(head),
      });
      await refreshRegister();
      toast.success(`Kartu keluarga baru ${created.data.kk_number} dibuat.`);
      setBusy(false);
      close();
      await navigate(adminPaths.register.family(created.data.id));
    } catch (e) {
      setRefusal(refusalText(e));
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Pecah kartu keluarga"
      description="Anggota yang dipilih pindah ke kartu keluarga baru."
      scrollable
      footer={
        <>
          <Button variant="outlined" onClick={close} disabled={busy}>
            Batal
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Pecah KK
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className={labelClass}>Anggota yang dipisah</legend>
        {living.map((m) => (
          <label key={m.id} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.includes(m.id)}
              onChange={(e) => {
                const next = e.target.checked
                  ? [...chosen, m.id]
                  : chosen.filter((x) => x !== m.id);
                setChosen(next);
                if (!next.includes(Number(head))) setHead('');
              }}
              className="size-5"
            />
            <span>
              {m.name} ({fieldText(m, 'relationship') ?? 'tanpa SHDK'})
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-head`} className={`${labelClass} mt-3`}>
        Kepala keluarga baru
      </label>
      <select
        id={`${id}-head`}
        value={head}
        onChange={(e) => setHead(e.target.value)}
        className={controlClass}
      >
        <option value="">Pilih dari anggota yang dipisah</option>
        {living
          .filter((m) => chosen.includes(m.id))
          .map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
      </select>
      <label htmlFor={`${id}-kk`} className={`${labelClass} mt-3`}>
        No. KK baru
      </label>
      <input
        id={`${id}-kk`}
        inputMode="numeric"
        value={kk}
        onChange={(e) => setKk(e.target.value)}
        aria-describedby={`${id}-kk-hint`}
        className={controlClass}
      />
      <p id={`${id}-kk-hint`} className="mt-1 text-sm text-slate-700">
        16 digit, sesuai Kartu Keluarga baru.
      </p>
      <Refusal text={refusal} />
    </Modal>
  );
}
