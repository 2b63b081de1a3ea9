import { useState } from 'react';
import { getIpLocation } from '@/lib/api/common.ts';
import { randomNickname } from '@/lib/api/user.ts';
import { devicePosition, nicknameNearby, type NicknameOrigin } from '@/lib/auth/nickname-nearby.ts';
import type { MessageKey } from '@/lib/i18n/index.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Icon from '../common/Icon.tsx';

const FROM: Record<NicknameOrigin, MessageKey> = {
  device: 'auth.nicknameFrom.device',
  ip: 'auth.nicknameFrom.ip',
  random: 'auth.nicknameFrom.random',
};

/**
 * The dice (a random nickname) and locate (the nearest place: the browser's position, else the
 * IP's, else a random place) buttons beside the nickname field. `onNote` says what happened.
 */
export default function NicknameButtons({
  onNickname,
  onNote,
}: {
  onNickname: (nickname: string) => void;
  onNote: (note: MessageKey | null) => void;
}) {
  const [busy, setBusy] = useState<'dice' | 'locate' | null>(null);
  const { t } = useT();

  const run = (which: 'dice' | 'locate') => {
    if (busy) return;
    setBusy(which);
    onNote('auth.nicknameBusy');
    const work =
      which === 'dice'
        ? randomNickname().then((nickname) => ({ nickname, note: null }))
        : nicknameNearby({
            device: () => devicePosition(),
            ip: getIpLocation,
            nickname: randomNickname,
          }).then(({ nickname, origin }) => ({ nickname, note: FROM[origin] }));
    work.then(
      ({ nickname, note }) => {
        onNickname(nickname);
        onNote(note);
        setBusy(null);
      },
      () => {
        onNote('auth.error.nickname');
        setBusy(null);
      },
    );
  };

  const button = (which: 'dice' | 'locate', label: MessageKey) => (
    <button
      type="button"
      className="icon-btn h-11 shrink-0 border border-line disabled:cursor-wait disabled:opacity-60"
      onClick={() => run(which)}
      disabled={busy !== null}
      aria-label={t(label)}
      title={t(label)}
    >
      <Icon
        name={which === 'dice' ? 'dice' : 'pin'}
        className={`size-5 ${busy === which ? 'animate-pulse' : ''}`}
      />
    </button>
  );

  return (
    <>
      {button('dice', 'auth.diceNickname')}
      {button('locate', 'auth.locateNickname')}
    </>
  );
}
