import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ImagePicker, NOT_AN_IMAGE } from './image-picker.tsx';

function Harness({ onChange }: { onChange: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ImagePicker
      id="foto"
      label="Foto"
      value={file}
      onChange={(next) => {
        setFile(next);
        onChange(next);
      }}
    />
  );
}

const png = new File(['png'], 'foto.png', { type: 'image/png' });
const pdf = new File(['%PDF'], 'surat.pdf', { type: 'application/pdf' });

describe('ImagePicker', () => {
  it('accepts image files only, one at a time', () => {
    render(<Harness onChange={() => {}} />);
    const input = screen.getByLabelText('Foto');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).not.toHaveAttribute('multiple');
  });

  it('passes a chosen image on and shows a preview', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.upload(screen.getByLabelText('Foto'), png);
    expect(onChange).toHaveBeenLastCalledWith(png);
    expect(screen.getByRole('img', { name: 'Pratinjau gambar' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Hapus gambar yang dipilih' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('refuses a file that is not an image, with a message', async () => {
    const onChange = vi.fn();
    // As when a file is dropped, or "All files" is chosen in the picker.
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Foto');
    await user.upload(input, pdf);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveAccessibleDescription(`Kesalahan: ${NOT_AN_IMAGE}`);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes only the first file if several arrive', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const onChange = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness onChange={onChange} />);
    await user.upload(screen.getByLabelText('Foto'), [
      png,
      new File(['b'], 'b.png', { type: 'image/png' }),
    ]);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(png);
  });
});
