import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.ts';
import * as m0002 from './0002-files-settings.ts';
import * as m0003 from './0003-content.ts';
import * as m0004 from './0004-letters.ts';
import * as m0005 from './0005-identity.ts';
import * as m0006 from './0006-attachments.ts';
import * as m0007 from './0007-letter-edit-audit.ts';
import * as m0008 from './0008-desk-indexes.ts';
import * as m0009 from './0009-signing.ts';
import * as m0010 from './0010-qr-address.ts';
import * as m0011 from './0011-register.ts';
import * as m0012 from './0012-outbox.ts';
import * as m0013 from './0013-public-version.ts';
import * as m0014 from './0014-account-register.ts';
import * as m0015 from './0015-register-speed.ts';
import * as m0016 from './0016-notice-choice.ts';
import * as m0017 from './0017-activation-codes.ts';
import * as m0018 from './0018-letters-register.ts';
import * as m0019 from './0019-public-version-triggers.ts';

/**
 * Every migration, in order. Add new ones at the end; never edit one that has shipped.
 * Reserved: 0003-content (content resources), 0004-letters (letter engine).
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-files-settings': m0002,
  '0003-content': m0003,
  '0004-letters': m0004,
  '0005-identity': m0005,
  '0006-attachments': m0006,
  '0007-letter-edit-audit': m0007,
  '0008-desk-indexes': m0008,
  '0009-signing': m0009,
  '0010-qr-address': m0010,
  '0011-register': m0011,
  '0012-outbox': m0012,
  '0013-public-version': m0013,
  '0014-account-register': m0014,
  '0015-register-speed': m0015,
  '0016-notice-choice': m0016,
  '0017-activation-codes': m0017,
  '0018-letters-register': m0018,
  '0019-public-version-triggers': m0019,
};
