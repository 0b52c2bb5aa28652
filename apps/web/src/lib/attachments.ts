/** A photo of a letter requirement as the API returns it (types only: shared by the resident's
 * pages and the office's desk). */
export interface ApiAttachment {
  id: number;
  requirement: string;
  requirement_label: string;
  online: 'required' | 'optional' | 'office';
  mime: string;
  size: number;
  width: number;
  height: number;
  sha256: string;
  created_at: string;
  /** The photo, behind the session (`/api/…`). */
  url: string;
  thumb_url: string;
}
