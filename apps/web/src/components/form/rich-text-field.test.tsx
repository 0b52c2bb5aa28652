import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BAD_LINK } from './rich-text-editor.tsx';
import { RichTextField } from './rich-text-field.tsx';

function Harness({
  initial = '',
  onChange,
  error,
}: {
  initial?: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextField
      id="content"
      label="Isi"
      hint="Gunakan judul dan daftar."
      optional
      error={error}
      value={value}
      onChange={(html) => {
        setValue(html);
        onChange(html);
      }}
    />
  );
}

/**
 * The lazy editor's chunk is in: the first time, Tiptap and ProseMirror are compiled for the
 * test (seconds on a busy machine), so the wait is longer than Testing Library's 1 s.
 */
const editorLoaded = () =>
  screen.findByRole('textbox', { name: 'Isi (opsional)' }, { timeout: 15_000 });

describe('RichTextField', () => {
  // First in this file: the editor's chunk is not loaded yet (each test file has fresh modules).
  it('loads the editor lazily: a loading line first, then the labelled region with the value', async () => {
    render(<Harness initial="<p>Desa <strong>Sukamaju</strong></p>" onChange={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Memuat editor…');
    const editor = await editorLoaded();
    expect(screen.queryByText('Memuat editor…')).toBeNull();
    expect(editor).toHaveAttribute('id', 'content');
    expect(editor).toHaveAttribute('aria-multiline', 'true');
    expect(editor).toHaveAccessibleDescription('Gunakan judul dan daftar.');
    expect(editor.innerHTML).toContain('<strong>Sukamaju</strong>');
    expect(screen.getByRole('toolbar', { name: 'Format teks' })).toHaveAttribute(
      'aria-controls',
      'content',
    );
  });

  it('edits: pasted text put in a numbered list and made bold; the value is HTML', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await editorLoaded();
    // The toolbar puts the caret in the text (happy-dom places none on a click). Text arrives
    // pasted: happy-dom's typing into an editable region loses keys ProseMirror has not read
    // yet, while a paste is one event; keys ProseMirror binds itself (Ctrl+A) work as typed.
    await user.click(screen.getByRole('button', { name: 'Miring' }));
    await user.click(screen.getByRole('button', { name: 'Miring' }));
    await user.paste('Profil desa');
    expect(onChange).toHaveBeenLastCalledWith('<p>Profil desa</p>');

    await user.click(screen.getByRole('button', { name: 'Daftar bernomor' }));
    expect(onChange).toHaveBeenLastCalledWith('<ol><li><p>Profil desa</p></li></ol>');
    expect(screen.getByRole('button', { name: 'Daftar bernomor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Tebal' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<ol><li><p><strong>Profil desa</strong></p></li></ol>',
    );
    expect(screen.getByRole('button', { name: 'Tebal' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('makes a heading of the line the caret is in', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await editorLoaded();
    await user.click(screen.getByRole('button', { name: 'Miring' }));
    await user.click(screen.getByRole('button', { name: 'Miring' }));
    await user.paste('Sejarah desa');
    await user.click(screen.getByRole('button', { name: 'Judul bagian' }));
    expect(onChange).toHaveBeenLastCalledWith('<h2>Sejarah desa</h2>');
    expect(screen.getByRole('button', { name: 'Judul bagian' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Subjudul' }));
    expect(onChange).toHaveBeenLastCalledWith('<h3>Sejarah desa</h3>');
  });

  it('reports an emptied editor as an empty value', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial="<p>Lama</p>" onChange={onChange} />);
    await editorLoaded();
    await user.click(screen.getByRole('button', { name: 'Miring' }));
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('adds a link through its panel, refusing an address the server would drop', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    const editor = await editorLoaded();
    await user.click(editor);
    await user.click(screen.getByRole('button', { name: 'Tautan' }));
    const address = screen.getByLabelText('Alamat tautan');
    expect(address).toHaveFocus();
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(address).toHaveAccessibleDescription(
      `Contoh: https://kemendagri.go.id atau /about Kesalahan: ${BAD_LINK}`,
    );
    await user.clear(address);
    await user.type(address, 'https://kemendagri.go.id');
    await user.click(screen.getByRole('button', { name: 'Pasang tautan' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<p><a rel="noopener noreferrer" href="https://kemendagri.go.id">https://kemendagri.go.id</a></p>',
    );
    expect(screen.queryByLabelText('Alamat tautan')).toBeNull();
  });

  it('toolbar: one tab stop, arrow keys move between the buttons', async () => {
    const user = userEvent.setup();
    render(<Harness onChange={() => {}} />);
    await editorLoaded();
    const buttons = screen.getAllByRole('button');
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Miring' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Tautan' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Tebal' })).toHaveFocus();
  });

  it('shows its error on the region (aria-invalid, described by the message)', async () => {
    render(<Harness onChange={() => {}} error="Isi wajib diisi." />);
    const editor = await editorLoaded();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(editor).toHaveAccessibleDescription(
      'Gunakan judul dan daftar. Kesalahan: Isi wajib diisi.',
    );
  });
});
