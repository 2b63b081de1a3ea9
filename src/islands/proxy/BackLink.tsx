import type { MessageKey } from '@/lib/i18n/index.ts';
import { paths } from '@/lib/shared/paths.ts';
import Msg from '../common/Msg.tsx';

const BACK_KEY: Readonly<Record<'node' | 'sub' | 'token', MessageKey>> = {
  node: 'proxy.node.back',
  sub: 'proxy.sub.back',
  token: 'proxy.token.back',
};

/** The way back from a proxy form to its list. */
export default function BackLink({ kind }: { kind: 'node' | 'sub' | 'token' }) {
  return (
    <a href={paths.proxyList(kind)} className="link text-sm">
      <Msg k={BACK_KEY[kind]} />
    </a>
  );
}
