import type { SyntheticEvent } from 'react';
import { avatarUrl } from '@/lib/avatar.ts';
import { DEFAULT_AVATAR } from '@/lib/shared/paths.ts';

const SIZE_CLASS = { 32: 'size-8', 36: 'size-9', 64: 'size-16', 80: 'size-20' } as const;

/** A picture that does not load shows the default silhouette instead. */
function showDefaultAvatar(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_AVATAR)) img.src = DEFAULT_AVATAR;
}

/** A user's round avatar (the default silhouette when there is none or it does not load). */
export default function UserAvatar({
  avatar,
  size,
  alt = '',
  lazy = false,
}: {
  avatar: string | null;
  size: keyof typeof SIZE_CLASS;
  /** Empty when the name is said beside it. */
  alt?: string;
  lazy?: boolean;
}) {
  return (
    <img
      src={avatarUrl(avatar)}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      className={`${SIZE_CLASS[size]} rounded-full border border-line bg-accent-soft object-cover`}
      onError={showDefaultAvatar}
    />
  );
}
