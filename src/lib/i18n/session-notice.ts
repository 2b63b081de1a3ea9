/**
 * Messages of the notice shown after the session ended on the server (src/lib/session-notice.ts);
 * merged into messages.ts. The page's guard module imports this small file, not every message.
 */

export const zhCN = {
  'sessionEnded.locked': '你的账号已被锁定，已退出登录。如有疑问，请联系管理员。',
  'sessionEnded.passwordChanged': '你的密码已在别处修改，已退出登录。请用新密码重新登录。',
  'sessionEnded.revoked': '此设备的登录已在其他设备上或由管理员结束，已退出登录。',
  'sessionEnded.expired': '登录已过期，已退出登录。请重新登录。',
  'sessionEnded.unknown': '登录已失效，已退出登录。请重新登录。',
  'sessionEnded.dismiss': '知道了',
} as const;

export const en: Readonly<Record<keyof typeof zhCN, string>> = {
  'sessionEnded.locked':
    'You were signed out: your account has been locked. Contact the administrator if you think this is a mistake.',
  'sessionEnded.passwordChanged':
    'You were signed out because your password was changed elsewhere. Sign in again with the new password.',
  'sessionEnded.revoked':
    'You were signed out: this session was ended from another device or by an administrator.',
  'sessionEnded.expired': 'You were signed out because your session expired. Please sign in again.',
  'sessionEnded.unknown':
    'You were signed out: your sign-in is no longer valid. Please sign in again.',
  'sessionEnded.dismiss': 'Dismiss',
};
