/**
 * The subscription as v2rayN, v2rayNG, Shadowrocket and the like read it: base64 of the share
 * links, one per line.
 */
import { encodeBase64 } from '../../lib/shared/proxy/base64.ts';
import type { ProxyNode } from '../../lib/shared/proxy/node.ts';
import { shareLink } from '../../lib/shared/proxy/share-link.ts';

export function v2rayText(nodes: readonly ProxyNode[]): string {
  return encodeBase64(nodes.map(shareLink).join('\n'));
}
