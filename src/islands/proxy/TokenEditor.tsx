import { useState } from 'react';
import { getToken, type TokenSecret } from '@/lib/api/proxy.ts';
import LoadStateCard from '../common/LoadStateCard.tsx';
import BackLink from './BackLink.tsx';
import TokenActions from './TokenActions.tsx';
import TokenForm from './TokenForm.tsx';
import TokenSecretCard from './TokenSecretCard.tsx';
import TokenSummary from './TokenSummary.tsx';
import TokenUseLog from './TokenUseLog.tsx';
import { useRecord } from './use-record.ts';

/**
 * The page of one token (/proxy/token/edit/{id}): where it stands, its form, rotate (the new
 * link shown once), revoke and delete, and its access log.
 */
export default function TokenEditor() {
  const { loaded, retry, show } = useRecord('token', getToken);
  const [rotated, setRotated] = useState<TokenSecret | null>(null);

  if (loaded.kind !== 'ready' || !loaded.record) {
    return (
      <LoadStateCard
        state={loaded.kind === 'ready' ? { kind: 'missing' } : loaded}
        words={{ loading: 'proxy.loading', missing: 'proxy.token.missing', retry: 'proxy.retry' }}
        onRetry={retry}
        back={<BackLink kind="token" />}
        className="max-w-4xl"
      />
    );
  }
  const token = loaded.record;

  return (
    <div className="grid max-w-4xl gap-6">
      <p>
        <BackLink kind="token" />
      </p>
      <TokenSummary token={token} />
      {rotated && <TokenSecretCard secret={rotated} made="rotated" />}
      <TokenForm token={token} onSaved={show} />
      <TokenActions
        token={token}
        onRotated={(secret) => {
          setRotated(secret);
          show(secret.token);
        }}
        onRevoked={(next) => {
          setRotated(null);
          show(next);
        }}
      />
      <TokenUseLog tokenId={token.id} />
    </div>
  );
}
