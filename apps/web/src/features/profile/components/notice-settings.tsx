import type { MyChannel, MyChannels } from '@balai/domain/contract';
import { useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { Checkbox } from '../../../components/form/checkbox.tsx';
import { TextInput } from '../../../components/form/text-input.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/load-state.tsx';
import { useToast } from '../../../components/toast/toast-context.ts';
import { errorMessage } from '../../../lib/http-client.ts';
import {
  confirmWhatsapp,
  sendWhatsappCode,
  telegramLink,
  updateMyChannels,
  useMyChannels,
} from '../../../api/notices.ts';

/** Types only from the contract (its values would bring zod into this chunk). */
const LABELS: Record<MyChannel['channel'], string> = {
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  email: 'e-mail',
};

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('id-ID', { hour: '2-digit', minute: '2-digit' });

/**
 * The profile's "Pemberitahuan" (issue 22): which channels the person wants besides the in-app
 * list (always on), their WhatsApp number confirmed by a 6-digit code sent over WhatsApp, and a
 * Telegram link that connects the chat it is opened in.
 */
export function NoticeSettings() {
  const { channels, error, isLoading, retry } = useMyChannels();
  return (
    <section
      aria-labelledby="notice-settings-heading"
      className="mt-10 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="notice-settings-heading" className="mb-2 text-xl font-bold text-slate-900">
        Pemberitahuan
      </h2>
      <p className="mb-4 text-slate-800">
        Kabar tentang permohonan surat Anda selalu muncul di notifikasi aplikasi. Anda juga dapat
        menerimanya lewat saluran di bawah ini.
      </p>
      {isLoading ? (
        <LoadingBlock label="Memuat pengaturan pemberitahuan…" />
      ) : !channels ? (
        <ErrorBlock error={error} onRetry={retry} />
      ) : (
        <NoticeChannelsForm channels={channels} />
      )}
    </section>
  );
}

function NoticeChannelsForm({ channels }: { channels: MyChannels }) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<string | null>(null);
  const byName = (c: MyChannel['channel']) => channels.channels.find((x) => x.channel === c);
  const whatsapp = byName('whatsapp');
  const telegram = byName('telegram');
  const email = byName('email');

  async function toggle(channel: MyChannel['channel'], on: boolean) {
    setBusy(channel);
    try {
      await updateMyChannels({ [channel]: on }, mutate);
      toast.success(`Pemberitahuan lewat ${LABELS[channel]} ${on ? 'diaktifkan' : 'dimatikan'}.`);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <p className="mb-4 flex items-center gap-2 text-slate-800">
        <span aria-hidden="true" className="text-lg text-green-800">
          ✓
        </span>
        Notifikasi aplikasi: selalu aktif.
      </p>
      {email && (
        <Checkbox
          name="notice_email"
          label="E-mail"
          hint={
            email.address
              ? `Dikirim ke ${email.address}.`
              : 'Akun Anda belum memiliki alamat e-mail. Tambahkan lewat Ubah profil.'
          }
          checked={email.enabled}
          disabled={!email.available || !email.confirmed || busy !== null}
          onChange={(e) => void toggle('email', e.target.checked)}
        />
      )}
      {whatsapp && <WhatsappChannel channel={whatsapp} busy={busy} onToggle={toggle} />}
      {telegram && (
        <TelegramChannel
          channel={telegram}
          bot={channels.telegram_bot}
          busy={busy}
          onToggle={toggle}
        />
      )}
    </div>
  );
}

interface ChannelProps {
  channel: MyChannel;
  busy: string | null;
  onToggle: (channel: MyChannel['channel'], on: boolean) => Promise<void>;
}

function WhatsappChannel({ channel, busy, onToggle }: ChannelProps) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const id = useId();
  const [phone, setPhone] = useState(channel.address ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const pending = channel.code_expires_at !== null;

  if (!channel.available) {
    return (
      <div className="mb-6 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">WhatsApp</h3>
        <p className="text-slate-700">Desa belum mengaktifkan pemberitahuan lewat WhatsApp.</p>
      </div>
    );
  }

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    if (!phone.trim()) {
      setPhoneError('Nomor WhatsApp wajib diisi.');
      return;
    }
    setSending(true);
    setPhoneError(undefined);
    try {
      const answer = await sendWhatsappCode(phone.trim(), mutate);
      setPhone(answer.data.phone);
      setChanging(false);
      toast.success(answer.message);
    } catch (err) {
      setPhoneError(errorMessage(err));
    } finally {
      setSending(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setCodeError('Kode konfirmasi terdiri dari 6 angka.');
      return;
    }
    setConfirming(true);
    setCodeError(undefined);
    try {
      const answer = await confirmWhatsapp(code.trim(), mutate);
      setCode('');
      toast.success(answer.message);
    } catch (err) {
      setCodeError(errorMessage(err));
    } finally {
      setConfirming(false);
    }
  }

  const showNumberForm = !channel.confirmed || changing;
  return (
    <div className="mb-6 border-t border-slate-200 pt-4">
      <h3 className="mb-2 font-semibold text-slate-900">WhatsApp</h3>
      {channel.confirmed && !changing && (
        <>
          <Checkbox
            name="notice_whatsapp"
            label={`WhatsApp ke ${channel.address ?? ''}`}
            hint="Nomor sudah dikonfirmasi."
            checked={channel.enabled}
            disabled={busy !== null}
            onChange={(e) => void onToggle('whatsapp', e.target.checked)}
          />
          <Button variant="outlined" size="sm" onClick={() => setChanging(true)}>
            Ganti nomor
          </Button>
        </>
      )}
      {showNumberForm && (
        <form onSubmit={(e) => void sendCode(e)} noValidate>
          <TextInput
            name="whatsapp_phone"
            id={`${id}-phone`}
            label="Nomor WhatsApp"
            hint="Contoh: 0812 3456 7890. Kami mengirim kode konfirmasi 6 angka ke nomor ini."
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            width="20"
            value={phone}
            error={phoneError}
            onChange={(e) => setPhone(e.target.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={sending}>
              {pending ? 'Kirim ulang kode' : 'Kirim kode'}
            </Button>
            {changing && (
              <Button variant="outlined" onClick={() => setChanging(false)}>
                Batal
              </Button>
            )}
          </div>
        </form>
      )}
      {pending && (
        <form onSubmit={(e) => void confirm(e)} noValidate className="mt-6">
          <p role="status" className="mb-3 text-slate-800">
            Kode dikirim ke WhatsApp {channel.address}. Berlaku sampai pukul{' '}
            {time(channel.code_expires_at!)}.
          </p>
          <TextInput
            name="whatsapp_code"
            id={`${id}-code`}
            label="Kode konfirmasi"
            hint="6 angka dari pesan WhatsApp."
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            width="10"
            value={code}
            error={codeError}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <Button type="submit" loading={confirming}>
            Konfirmasi
          </Button>
        </form>
      )}
    </div>
  );
}

function TelegramChannel({ channel, bot, busy, onToggle }: ChannelProps & { bot: string | null }) {
  const toast = useToast();
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [loading, setLoading] = useState(false);

  if (!channel.available) {
    return (
      <div className="mb-6 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">Telegram</h3>
        <p className="text-slate-700">Desa belum mengaktifkan pemberitahuan lewat Telegram.</p>
      </div>
    );
  }

  async function makeLink() {
    setLoading(true);
    try {
      setLink((await telegramLink()).data);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="mb-6 border-t border-slate-200 pt-4">
      <h3 className="mb-2 font-semibold text-slate-900">Telegram</h3>
      {channel.confirmed ? (
        <Checkbox
          name="notice_telegram"
          label="Telegram"
          hint={`Terhubung dengan obrolan Telegram Anda${bot ? ` di @${bot}` : ''}.`}
          checked={channel.enabled}
          disabled={busy !== null}
          onChange={(e) => void onToggle('telegram', e.target.checked)}
        />
      ) : (
        <p className="mb-3 text-slate-800">Belum terhubung.</p>
      )}
      {link ? (
        <div role="status" className="rounded-md bg-slate-100 p-3 text-slate-900">
          <p className="mb-2">
            Buka tautan ini di Telegram lalu tekan <strong>Start</strong> sebelum pukul{' '}
            {time(link.expires_at)}:
          </p>
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer"
            className="font-semibold break-all text-brand-800 underline"
          >
            Buka Telegram
          </a>
        </div>
      ) : (
        <Button variant="outlined" loading={loading} onClick={() => void makeLink()}>
          {channel.confirmed ? 'Hubungkan obrolan lain' : 'Hubungkan Telegram'}
        </Button>
      )}
    </div>
  );
}
