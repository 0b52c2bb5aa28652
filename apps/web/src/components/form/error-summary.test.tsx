import { digits, text } from '@balai/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usePageMeta } from '../../lib/page-meta.ts';
import { ErrorSummary } from './error-summary.tsx';
import { FormErrorSummary } from './form-error-summary.tsx';
import { Select } from './select.tsx';
import { applyServerErrors } from './server-errors.ts';
import { TextInput } from './text-input.tsx';
import { useZodForm } from './use-zod-form.ts';

const schema = z.object({
  name: text('Nama', 100),
  nik: digits('NIK', 16),
  gender: z.preprocess((v) => (v === '' ? null : v), z.enum(['Laki-laki', 'Perempuan']).nullable()),
});

/** A form built the way the app's forms are: shared schema, summary, fields. */
function TestForm({ serverError }: { serverError?: unknown }) {
  usePageMeta('Data diri');
  const form = useZodForm(schema, { defaultValues: { name: '', nik: '', gender: '' } });
  const { errors, submitCount } = form.formState;
  const onSubmit = form.handleSubmit(async () => {
    if (serverError) applyServerErrors(form.setError, serverError, ['name', 'nik', 'gender']);
  });
  return (
    <>
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      <form noValidate onSubmit={onSubmit}>
        <TextInput label="Nama" error={errors.name?.message} {...form.register('name')} />
        <TextInput label="NIK" optional error={errors.nik?.message} {...form.register('nik')} />
        <Select
          label="Jenis kelamin"
          optional
          options={['Laki-laki', 'Perempuan']}
          error={errors.gender?.message}
          {...form.register('gender')}
        />
        <button type="submit">Simpan</button>
      </form>
    </>
  );
}

describe('GOV.UK error summary', () => {
  it('after a failed submit: focused summary "Ada masalah" linking to each field', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await user.type(screen.getByLabelText('NIK (opsional)'), '123');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    const summary = await screen.findByRole('heading', { name: 'Ada masalah' });
    const box = summary.parentElement!;
    await waitFor(() => expect(box).toHaveFocus());
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Nama wajib diisi.', '#name'],
      ['NIK harus 16 digit angka.', '#nik'],
    ]);

    // Clicking a link puts focus on its field.
    await user.click(links[1]!);
    expect(screen.getByLabelText('NIK (opsional)')).toHaveFocus();
  });

  it('shows each message beside its field with a hidden "Kesalahan:" and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await user.type(screen.getByLabelText('NIK (opsional)'), '123');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const nik = await screen.findByLabelText('NIK (opsional)');
    expect(nik).toHaveValue('123');
    expect(nik).toHaveAttribute('aria-invalid', 'true');
    expect(nik).toHaveAccessibleDescription('Kesalahan: NIK harus 16 digit angka.');
    // Name and NIK are both wrong: two messages, each with its hidden prefix.
    expect(screen.getAllByText('Kesalahan:', { selector: '.sr-only' })).toHaveLength(2);
  });

  it('puts "Kesalahan: " before the page title while errors show', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await waitFor(() => expect(document.title).toBe('Data diri | Pemerintah Desa'));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(document.title).toBe('Kesalahan: Data diri | Pemerintah Desa'));

    await user.type(screen.getByLabelText('Nama'), 'Siti');
    await user.clear(screen.getByLabelText('NIK (opsional)'));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.queryByText('Ada masalah')).toBeNull());
    expect(document.title).toBe('Data diri | Pemerintah Desa');
  });

  it('labels optional fields "(opsional)" and never marks required ones', () => {
    render(<TestForm />);
    expect(
      screen.getByText('(opsional)', { selector: 'label[for="nik"] span' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Nama').textContent).toBe('Nama');
    expect(document.body.textContent).not.toContain('*');
  });

  it('shows a 422 from the server on the fields, with its message in the summary', async () => {
    const user = userEvent.setup();
    render(
      <TestForm
        serverError={{
          message: 'Data yang dikirim tidak valid.',
          errors: { nik: ['NIK sudah dipakai akun lain.'], photo: ['Foto terlalu besar.'] },
        }}
      />,
    );
    await user.type(screen.getByLabelText('Nama'), 'Siti');
    await user.type(screen.getByLabelText('NIK (opsional)'), '3203012345670001');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));

    expect(
      await screen.findByText('Data yang dikirim tidak valid. Foto terlalu besar.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'NIK sudah dipakai akun lain.' })).toHaveAttribute(
      'href',
      '#nik',
    );
    expect(screen.getByLabelText('NIK (opsional)')).toHaveAccessibleDescription(
      'Kesalahan: NIK sudah dipakai akun lain.',
    );
    expect(screen.getByLabelText('NIK (opsional)')).toHaveValue('3203012345670001');
  });

  it('ErrorSummary renders nothing without errors and refocuses when focusKey changes', async () => {
    const { rerender, container } = render(<ErrorSummary items={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(
      <>
        <button id="other">lain</button>
        <ErrorSummary items={[{ message: 'Umum' }]} focusKey={1} />
      </>,
    );
    const box = screen.getByRole('heading', { name: 'Ada masalah' }).parentElement!;
    expect(box).toHaveFocus();
    screen.getByRole('button', { name: 'lain' }).focus();
    rerender(
      <>
        <button id="other">lain</button>
        <ErrorSummary items={[{ message: 'Umum' }]} focusKey={2} />
      </>,
    );
    expect(box).toHaveFocus();
    expect(screen.getByText('Umum').tagName).toBe('SPAN'); // no field: not a link
  });
});
