/**
 * Server-side sessions (design.md §4): opaque tokens, one session per device, sliding idle expiry up
 * to an absolute maximum, refresh with a short grace for the replaced token. Every request re-reads
 * the session and the user, so logout, lock, password and role changes apply at the next request.
 */
import { randomUUID } from 'node:crypto';
import { Code } from '../../lib/shared/codes.ts';
import { isSessionEndReason, type SessionEndReason } from '../../lib/shared/session-end.ts';
import { AppError } from '../common/app-error.ts';
import type { AppContext } from '../context.ts';
import type { Authenticated } from '../guard/index.ts';
import { findAuthorities, findUserById } from '../user/user.repo.ts';
import { toUserDto } from '../user/user.service.ts';
import {
  deleteEndedSessions,
  findLiveSessions,
  findSessionByTokenHash,
  revokeUserSessions,
  insertSession,
  revokeSession,
  rotateSessionToken,
  touchSession,
} from './session.repo.ts';
import { hashToken, newToken, parseAuthorization } from './token.ts';

const DAY_MS = 86_400_000;
/** The sliding expiry is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface SessionPolicy {
  readonly idleDays: number;
  readonly maxDays: number;
  readonly refreshGraceSeconds: number;
}

/** A signed-in device as its owner sees it. */
export interface DeviceSession {
  readonly id: string;
  readonly userAgent: string;
  readonly ip: string;
  readonly createTime: string;
  readonly lastSeenTime: string;
  readonly current: boolean;
}

export interface DeviceInfo {
  readonly userAgent: string;
  readonly ip: string;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const ENDED_MESSAGES: Readonly<Record<SessionEndReason, string>> = {
  locked: '账号已锁定 / Account locked',
  passwordChanged: '密码已修改，请重新登录 / The password was changed: sign in again',
  revoked: '该会话已退出 / This session was signed out',
  expired: '凭证(令牌)过期 / Session expired',
};

/** -2, telling the client why in `data.reason` (it names the reason to the user). */
function sessionEnded(reason: SessionEndReason): AppError {
  return new AppError(Code.TOKEN_EXPIRED, 401, ENDED_MESSAGES[reason], { reason });
}

export class SessionService {
  readonly #ctx: Pick<AppContext, 'db' | 'now'>;
  readonly #policy: SessionPolicy;

  constructor(ctx: Pick<AppContext, 'db' | 'now'>, policy: SessionPolicy) {
    this.#ctx = ctx;
    this.#policy = policy;
  }

  get #db() {
    return this.#ctx.db.kysely;
  }

  #now(): number {
    return this.#ctx.now();
  }

  #slidingExpiry(now: number, maxExpires: string): string {
    return iso(Math.min(now + this.#policy.idleDays * DAY_MS, Date.parse(maxExpires)));
  }

  /** Opens a new session for a user and returns its token (the only time it exists in clear). */
  async create(userId: string, device: DeviceInfo): Promise<string> {
    const now = this.#now();
    const token = newToken();
    await insertSession(this.#db, {
      id: randomUUID(),
      user_id: userId,
      token_hash: hashToken(token),
      previous_token_hash: null,
      previous_valid_until: null,
      user_agent: device.userAgent.slice(0, 512),
      ip: device.ip.slice(0, 64),
      create_time: iso(now),
      last_seen_time: iso(now),
      expires_time: iso(now + this.#policy.idleDays * DAY_MS),
      max_expires_time: iso(now + this.#policy.maxDays * DAY_MS),
      revoked_time: null,
      revoke_reason: null,
    });
    return token;
  }

  /**
   * The signed-in user for an Authorization header; null when there is none.
   * Throws -1 for a malformed or unknown token, -2 for an ended session or a locked account (with
   * why in `data.reason`).
   */
  async authenticate(header: string | undefined): Promise<Authenticated | null> {
    const parsed = parseAuthorization(header);
    if (parsed.kind === 'none') return null;
    if (parsed.kind === 'malformed') throw AppError.tokenInvalid();
    const now = this.#now();
    const session = await findSessionByTokenHash(this.#db, hashToken(parsed.token), iso(now));
    if (!session) throw AppError.tokenInvalid();
    if (session.revoked_time !== null) {
      throw sessionEnded(
        isSessionEndReason(session.revoke_reason) ? session.revoke_reason : 'revoked',
      );
    }
    if (Date.parse(session.expires_time) <= now || Date.parse(session.max_expires_time) <= now) {
      throw sessionEnded('expired');
    }
    const row = await findUserById(this.#db, session.user_id);
    if (!row) throw sessionEnded('revoked');
    if (row.is_locked) throw sessionEnded('locked');
    if (now - Date.parse(session.last_seen_time) >= TOUCH_EVERY_MS) {
      await touchSession(
        this.#db,
        session.id,
        iso(now),
        this.#slidingExpiry(now, session.max_expires_time),
      );
    }
    const user = toUserDto(row, await findAuthorities(this.#db, row.id));
    return { user, sessionId: session.id };
  }

  /** A new token for the session; the old one keeps working for the grace period. */
  async refresh(sessionId: string): Promise<string> {
    const now = this.#now();
    const session = await this.#db
      .selectFrom('sessions')
      .select(['token_hash', 'max_expires_time'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!session) throw AppError.tokenExpired();
    const token = newToken();
    await rotateSessionToken(this.#db, sessionId, {
      tokenHash: hashToken(token),
      previousHash: session.token_hash,
      previousValidUntil: iso(now + this.#policy.refreshGraceSeconds * 1000),
      now: iso(now),
      expires: this.#slidingExpiry(now, session.max_expires_time),
    });
    return token;
  }

  /** Ends one session (signed out on this device or from another one). */
  async revoke(sessionId: string): Promise<void> {
    await revokeSession(this.#db, sessionId, iso(this.#now()), 'revoked');
  }

  /**
   * Ends every session of a user, except `exceptSessionId`, remembering why (lock, password change
   * or recovery, signing out the other devices) for the answer their tokens get afterwards.
   */
  async revokeAllOf(
    userId: string,
    reason: SessionEndReason,
    exceptSessionId?: string,
  ): Promise<void> {
    await revokeUserSessions(this.#db, userId, iso(this.#now()), reason, exceptSessionId);
  }

  /** The user's signed-in devices, most recently seen first. */
  async listOf(userId: string, currentSessionId?: string): Promise<DeviceSession[]> {
    const rows = await findLiveSessions(this.#db, userId, iso(this.#now()));
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.user_agent,
      ip: row.ip,
      createTime: row.create_time,
      lastSeenTime: row.last_seen_time,
      current: row.id === currentSessionId,
    }));
  }

  /** Deletes sessions that ended over a day ago; their tokens then read as unknown (-1). */
  async purgeEnded(): Promise<number> {
    return deleteEndedSessions(this.#db, iso(this.#now() - DAY_MS));
  }
}
