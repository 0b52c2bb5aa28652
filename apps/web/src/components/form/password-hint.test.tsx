import { PASSWORD_TOO_COMMON, personalPasswordMessage } from '@balai/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordHint } from './password-hint.tsx';

const SITI = { name: 'Siti Rahmawati', email: 'siti.rahmawati@sukamaju.desa.id' };

/** Issue 25.5: the strength hint under a new-password input, read as the user sees it. */
describe('PasswordHint', () => {
  it('shows nothing before anything is typed', () => {
    render(<PasswordHint id="h" password="" owner={SITI} />);
    expect(document.getElementById('h')).toBeEmptyDOMElement();
  });

  it('says a common password is very weak and why, in the server’s words', async () => {
    render(<PasswordHint id="h" password="12345678" owner={SITI} />);
    expect(await screen.findByText('Kekuatan kata sandi: Sangat lemah')).toBeVisible();
    expect(screen.getByText(PASSWORD_TOO_COMMON)).toBeVisible();
  });

  it('says a password built from the person’s own name is refused', async () => {
    render(<PasswordHint id="h" password="SitiRahmawati!" owner={SITI} />);
    expect(await screen.findByText(personalPasswordMessage(['nama']))).toBeVisible();
    expect(screen.getByText('Kekuatan kata sandi: Sangat lemah')).toBeVisible();
  });

  it('calls a long passphrase strong, with no refusal', async () => {
    render(<PasswordHint id="h" password="kerbau makan rumput di sawah basah" owner={SITI} />);
    expect(await screen.findByText(/^Kekuatan kata sandi: (Kuat|Sangat kuat)$/)).toBeVisible();
    expect(screen.queryByText(/tidak boleh|paling sering dipakai/)).toBeNull();
  });

  it('follows the typing: a weak start, then stronger', async () => {
    const { rerender } = render(<PasswordHint id="h" password="abc" owner={SITI} />);
    expect(await screen.findByText('Kekuatan kata sandi: Sangat lemah')).toBeVisible();
    rerender(<PasswordHint id="h" password="abc kerbau sawah hijau pagi" owner={SITI} />);
    expect(await screen.findByText(/^Kekuatan kata sandi: (Kuat|Sangat kuat)$/)).toBeVisible();
  });
});
