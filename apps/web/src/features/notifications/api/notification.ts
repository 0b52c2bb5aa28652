/** A notification as `GET /api/notifications…` returns it. */
export interface AppNotification {
  id: number;
  title: string;
  /** The whole message, the administrator's note included ("… Catatan petugas: …"). */
  body: string;
  /** The in-app page it is about, e.g. /service/ku/12; null when it is about nothing. */
  link: string | null;
  read: boolean;
  read_at: string | null;
  created_at: string;
}

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  last_page: number;
}
