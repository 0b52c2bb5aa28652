import { field, msg, schemaFromFields, type FieldDef, type FieldValues } from '@balai/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/http-client.ts';
import { createFakeServer } from '../../testing/fake-server.ts';
import { TEST_SWR } from '../../testing/render-app.tsx';
import {
  DefinitionForm,
  STILL_UPLOADING,
  toRawValues,
  type RawValues,
} from './definition-form.tsx';

/** One field of every kind, required and optional mixed. */
const FIELDS: readonly FieldDef[] = [
  field.text('title', 'Judul', { required: true, hint: 'Singkat dan jelas.' }),
  field.textarea('summary', 'Ringkasan'),
  field.richtext('content', 'Isi', { required: true, hint: 'Gunakan judul dan daftar.' }),
  field.number('count', 'Jumlah', { required: true }),
  field.number('area', 'Luas', { decimal: true }),
  field.money('price', 'Harga'),
  field.date('day', 'Tanggal', { required: true }),
  field.time('hour', 'Jam'),
  field.select('kind', 'Jenis', { options: ['Umum', 'Khusus'], required: true }),
  field.nik('nik', 'NIK'),
  field.phone('phone', 'No. HP'),
  field.email('email', 'E-mail'),
  field.image('photo', 'Foto', { required: true }),
  field.boolean('active', 'Aktif'),
  field.reference('reports_to', 'Atasan', {
    required: true,
    references: 'village-structures',
    titleField: 'name',
  }),
];

const OFFICIALS = [
  { id: 1, name: 'Ahmad Kepala', position_title: 'Kepala Desa' },
  { id: 2, name: 'Budi Sekretaris', position_title: 'Sekretaris Desa' },
];

function officials() {
  return { body: { data: OFFICIALS, meta: { page: 1, per_page: 100, total: 2, last_page: 1 } } };
}

function renderForm(
  props: Partial<Parameters<typeof DefinitionForm>[0]> & { fields?: readonly FieldDef[] } = {},
) {
  const onSubmit = vi.fn<(values: FieldValues, raw: RawValues) => void>();
  const fields = props.fields ?? FIELDS;
  const user = userEvent.setup();
  render(
    <SWRConfig value={TEST_SWR}>
      <DefinitionForm
        fields={fields}
        schema={schemaFromFields(fields)}
        defaultValues={toRawValues(fields, {})}
        submitLabel="Simpan"
        onSubmit={onSubmit}
        {...props}
      />
    </SWRConfig>,
  );
  return { user, onSubmit };
}

/** The label element of a field, wherever the kind puts it. */
const labelOf = (f: FieldDef) =>
  document.querySelector(`label[for="${f.name}"]`) ?? screen.getByText(f.label);

/**
 * The lazy editor's chunk is in: the first time, Tiptap and ProseMirror are compiled for the
 * test (seconds on a busy machine), so the wait is longer than Testing Library's 1 s.
 */
const editorLoaded = () => screen.findByRole('textbox', { name: 'Isi' }, { timeout: 15_000 });

describe('DefinitionForm', () => {
  it.each(FIELDS.map((f) => [f.kind, f] as const))(
    '%s: labelled, "(opsional)" only when optional, the hint read with the control',
    async (_kind, f) => {
      createFakeServer({ 'GET /api/village-structures': officials });
      renderForm();
      await editorLoaded(); // the lazy editor is in
      const label = labelOf(f);
      expect(label.textContent).toBe(
        f.required || f.kind === 'boolean' ? f.label : `${f.label} (opsional)`,
      );
      const control = document.getElementById(f.name)!;
      expect(control).not.toBeNull();
      if (f.hint) expect(control).toHaveAccessibleDescription(f.hint);
      expect(screen.getAllByText('(opsional)')).toHaveLength(
        FIELDS.filter((x) => !x.required && x.kind !== 'boolean').length,
      );
    },
  );

  it('lists every required field under "Ada masalah" after an empty submit, linked to it', async () => {
    createFakeServer({ 'GET /api/village-structures': officials });
    const { user, onSubmit } = renderForm();
    await editorLoaded();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    const summary = (await screen.findByRole('heading', { name: 'Ada masalah' })).parentElement!;
    const required = FIELDS.filter((f) => f.required);
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual(required.map((f) => [msg.required(f.label), `#${f.name}`]));
    expect(onSubmit).not.toHaveBeenCalled();
    // Each link reaches its control, the rich-text region too.
    await user.click(within(summary).getByRole('link', { name: msg.required('Isi') }));
    expect(screen.getByRole('textbox', { name: 'Isi' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Isi' })).toHaveAccessibleDescription(
      `Gunakan judul dan daftar. Kesalahan: ${msg.required('Isi')}`,
    );
  });

  it('fills the edit form from stored values and sends the checked ones', async () => {
    createFakeServer({ 'GET /api/village-structures': officials });
    const stored = {
      title: 'Musyawarah',
      summary: null,
      content: '<p>Balai desa</p>',
      count: 12,
      area: 49.5,
      price: 2500000,
      day: '2026-01-05',
      hour: '09:30',
      kind: 'Umum',
      nik: null,
      phone: null,
      email: null,
      photo: 7,
      active: true,
      reports_to: 2,
    };
    const { user, onSubmit } = renderForm({
      defaultValues: toRawValues(FIELDS, stored),
      imageUrls: { photo: '/files/7/thumb' },
    });
    await editorLoaded();
    expect(screen.getByLabelText('Judul')).toHaveValue('Musyawarah');
    expect(screen.getByRole('spinbutton', { name: 'Jumlah' })).toHaveValue(12);
    expect(screen.getByLabelText('Luas (opsional)')).toHaveValue('49.5');
    expect(screen.getByLabelText('Aktif')).toBeChecked();
    expect(screen.getByRole('img', { name: 'Pratinjau gambar' })).toHaveAttribute(
      'src',
      '/files/7/thumb',
    );
    // The reference shows the stored record by its title once the list is in.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Atasan' })).toHaveDisplayValue(
        'Budi Sekretaris',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual(stored);
  });

  it('money and time: typed as people write them, shown tidied, sent as stored', async () => {
    const fields = [
      field.money('price', 'Harga', { required: true }),
      field.money('fee', 'Biaya'),
      field.money('tip', 'Tip'),
      field.time('start', 'Jam Mulai', { required: true }),
      field.time('end', 'Jam Selesai', { notBefore: 'start' }),
    ];
    const { user, onSubmit } = renderForm({ fields });
    const price = screen.getByLabelText('Harga');
    expect(price).toHaveAttribute('inputmode', 'numeric');
    expect(price).toHaveAccessibleDescription('Dalam rupiah. Contoh: 2.500.000');
    await user.type(price, 'Rp 1.200.000');
    await user.type(screen.getByLabelText('Biaya (opsional)'), '1200000');
    await user.type(screen.getByLabelText('Tip (opsional)'), '1.200.000');
    await user.type(screen.getByLabelText('Jam Mulai'), '7.30');
    await user.type(screen.getByLabelText('Jam Selesai (opsional)'), '1930');
    await user.tab();
    // Tidied when focus leaves: grouped rupiah, 24-hour time with a dot.
    expect(price).toHaveValue('1.200.000');
    expect(screen.getByLabelText('Biaya (opsional)')).toHaveValue('1.200.000');
    expect(screen.getByLabelText('Jam Mulai')).toHaveValue('07.30');
    expect(screen.getByLabelText('Jam Selesai (opsional)')).toHaveValue('19.30');
    expect(screen.getByLabelText('Jam Mulai')).not.toHaveAttribute('type', 'time');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      price: 1200000,
      fee: 1200000,
      tip: 1200000,
      start: '07:30',
      end: '19:30',
    });
  });

  it("shows a cross-field error together with the fields' own errors", async () => {
    const fields = [
      field.text('venue', 'Tempat', { required: true }),
      field.time('start', 'Jam Mulai', { required: true }),
      field.time('end', 'Jam Selesai', { notBefore: 'start' }),
      field.money('price', 'Harga'),
    ];
    const { user, onSubmit } = renderForm({ fields });
    await user.type(screen.getByLabelText('Jam Mulai'), '19.00');
    await user.type(screen.getByLabelText('Jam Selesai (opsional)'), '17.00');
    await user.type(screen.getByLabelText('Harga (opsional)'), '1,5');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const summary = (await screen.findByRole('heading', { name: 'Ada masalah' })).parentElement!;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      msg.required('Tempat'),
      msg.timeNotBefore('Jam Selesai', 'Jam Mulai'),
      msg.money('Harga'),
    ]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('reference: a select of the referenced records by their title, read page by page', async () => {
    const server = createFakeServer({
      'GET /api/village-structures': (request) => {
        const page = Number(new URL(request.path, 'http://x').searchParams.get('page'));
        const row = OFFICIALS[page - 1]!;
        return { body: { data: [row], meta: { page, per_page: 100, total: 2, last_page: 2 } } };
      },
    });
    const fields = [FIELDS.find((f) => f.kind === 'reference')!];
    const { user, onSubmit } = renderForm({ fields, excludeIds: {} });
    const select = screen.getByRole('combobox', { name: 'Atasan' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Pilih…', 'Ahmad Kepala', 'Budi Sekretaris']),
    );
    expect(server.seen('GET /api/village-structures').map((r) => r.path)).toEqual([
      '/api/village-structures?page=1&per_page=100&sort=name',
      '/api/village-structures?page=2&per_page=100&sort=name',
    ]);
    await user.selectOptions(select, 'Ahmad Kepala');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ reports_to: 1 });
  });

  it('reference: leaves out the record being edited', async () => {
    createFakeServer({ 'GET /api/village-structures': officials });
    const fields = [FIELDS.find((f) => f.kind === 'reference')!];
    renderForm({ fields, excludeIds: { reports_to: 2 } });
    const select = screen.getByRole('combobox', { name: 'Atasan' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    expect(within(select).queryByRole('option', { name: 'Budi Sekretaris' })).toBeNull();
  });

  it('image: uploads at once with a progress bar; the value becomes the file id', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    let finish!: () => void;
    const answered = new Promise<void>((resolve) => (finish = resolve));
    const server = createFakeServer({
      'POST /api/files': async () => {
        await answered;
        return {
          status: 201,
          body: {
            data: {
              id: 42,
              mime: 'image/webp',
              size: 1234,
              url: { original: '/files/42', thumb: '/files/42/thumb' },
            },
          },
        };
      },
    });
    api.setToken('sesi-admin');
    const fields = [FIELDS.find((f) => f.kind === 'image')!];
    const { user, onSubmit } = renderForm({ fields });
    const photo = new File(['x'.repeat(2000)], 'balai.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Foto'), photo);

    // Half sent, the server has not answered yet.
    const bar = await screen.findByRole('progressbar', { name: 'Mengunggah gambar… 50%' });
    expect(bar).toHaveAttribute('value', '50');
    expect(screen.getByRole('img', { name: 'Pratinjau gambar' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    // Sending the form now waits for the image instead of saving without it.
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('link', { name: STILL_UPLOADING('Foto') })).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    const [sent] = server.seen('POST /api/files');
    expect(sent!.headers.authorization).toBe('Bearer sesi-admin');
    expect((sent!.body as FormData).get('file')).toBe(photo);

    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ photo: 42 });
  });

  it('image: the server’s refusal shows on the field and the stored image stays', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const tooLarge = 'Gambar terlalu besar. Ukuran maksimal 10 MB.';
    createFakeServer({
      'POST /api/files': () => ({
        status: 413,
        body: { message: tooLarge, errors: { file: [tooLarge] } },
      }),
    });
    const fields = [FIELDS.find((f) => f.kind === 'image')!];
    const { user, onSubmit } = renderForm({
      fields,
      defaultValues: { photo: '7' },
      imageUrls: { photo: '/files/7/thumb' },
    });
    const input = screen.getByLabelText('Foto');
    await user.upload(input, new File(['x'], 'besar.png', { type: 'image/png' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(`Kesalahan: ${tooLarge}`));
    expect(screen.getByRole('img', { name: 'Pratinjau gambar' })).toHaveAttribute(
      'src',
      '/files/7/thumb',
    );
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ photo: 7 });
  });

  it('image: an optional image can be removed', async () => {
    createFakeServer();
    const fields = [field.image('icon', 'Ikon')];
    const { user, onSubmit } = renderForm({
      fields,
      defaultValues: { icon: '3' },
      imageUrls: { icon: '/files/3/thumb' },
    });
    await user.click(screen.getByRole('button', { name: 'Hapus gambar' }));
    expect(screen.queryByRole('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ icon: null });
  });

  it('puts a 422 from the server on its fields and tells when the form differs from the start', async () => {
    createFakeServer();
    const fields = FIELDS.slice(0, 1);
    const onDirtyChange = vi.fn();
    const { user, onSubmit } = renderForm({ fields, onDirtyChange });
    onSubmit.mockRejectedValueOnce({
      message: 'Data yang dikirim tidak valid.',
      errors: { title: ['Judul sudah dipakai.'] },
    });
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
    await user.type(screen.getByLabelText('Judul'), 'Rapat');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Data yang dikirim tidak valid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Judul')).toHaveAccessibleDescription(
      'Singkat dan jelas. Kesalahan: Judul sudah dipakai.',
    );
    // Saved the second time: the form's values are the new starting point.
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
  });
});
