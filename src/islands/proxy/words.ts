/** The words of the proxy pages' fixed values: node types, token statuses, access outcomes. */
import type { TokenStatus, TokenUse } from '@/lib/api/proxy.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import type { NodeType } from '@/lib/shared/proxy/node.ts';

export const TYPE_KEY: Readonly<Record<NodeType, MessageKey>> = {
  vmess: 'proxy.type.vmess',
  vless: 'proxy.type.vless',
  trojan: 'proxy.type.trojan',
  ss: 'proxy.type.ss',
  hysteria2: 'proxy.type.hysteria2',
  tuic: 'proxy.type.tuic',
  socks5: 'proxy.type.socks5',
  http: 'proxy.type.http',
};

export const STATUS_KEY: Readonly<Record<TokenStatus, MessageKey>> = {
  active: 'proxy.status.active',
  expired: 'proxy.status.expired',
  revoked: 'proxy.status.revoked',
};

export const OUTCOME_KEY: Readonly<Record<TokenUse['outcome'], MessageKey>> = {
  ok: 'proxy.uses.outcome.ok',
  limited: 'proxy.uses.outcome.limited',
  expired: 'proxy.uses.outcome.expired',
  revoked: 'proxy.uses.outcome.revoked',
};
