import type { NodeDto } from '@/lib/api/proxy.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import { paths } from '@/lib/shared/paths.ts';
import FactList, { type Fact } from '../common/FactList.tsx';
import Msg from '../common/Msg.tsx';
import { formatTime } from '../common/ui.ts';
import NodeFlag from './NodeFlag.tsx';
import NodeName from './NodeName.tsx';
import { serverPort } from './format.ts';
import { TYPE_KEY } from './words.ts';

/** The head of the node editor: flag, name, type, address, where it came from, dates. */
export default function NodeSummary({ node }: { node: NodeDto }) {
  const { locale } = useT();
  const facts: Fact[] = [
    ['proxy.col.type', <Msg key="type" k={TYPE_KEY[node.type]} />],
    [
      'proxy.col.server',
      <code key="server" className="break-all">
        {serverPort(node.server, node.port)}
      </code>,
    ],
    [
      'proxy.col.source',
      node.subscription ? (
        <a key="source" href={paths.proxyEdit('sub', node.subscription.id)} className="link">
          {node.subscription.name}
        </a>
      ) : (
        <Msg key="source" k="proxy.source.manual" />
      ),
    ],
    ['proxy.col.created', formatTime(node.createTime, locale)],
    ['proxy.col.updated', formatTime(node.updateTime, locale)],
  ];
  return (
    <section aria-labelledby="node-title" className="card min-w-0 p-5 sm:p-6">
      <h2 id="node-title" className="flex items-center gap-2 text-xl font-semibold break-words">
        <NodeFlag region={node.region} />
        <span className="min-w-0">
          <NodeName name={node.name} />
        </span>
      </h2>
      <FactList facts={facts} columns={3} />
    </section>
  );
}
