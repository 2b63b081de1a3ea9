import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { User } from '@/server/user/user.schema.ts';
import { getUploadTicket, uploadFile } from '@/lib/api/upload.ts';
import { updateAvatar } from '@/lib/api/user.ts';
import { updateUser } from '@/lib/stores/session.ts';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import UserAvatar from '../common/UserAvatar.tsx';
import AvatarCropper from './AvatarCropper.tsx';
import Feedback from '../common/Feedback.tsx';
import ProfileCard from './ProfileCard.tsx';
import { imageSize, renderCrop } from './crop-canvas.ts';
import { initialCrop, type Crop } from './crop.ts';
import { BUTTON_BUSY_CLASS } from '../common/ui.ts';
import { FormProblem, useFeedback } from '../common/use-feedback.ts';

/** The types the server accepts (the upload is re-encoded, but the picked file must be readable). */
export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** A picture larger than this is not even opened (decoding it could exhaust a phone's memory). */
export const SOURCE_MAX_BYTES = 20 * 1024 * 1024;

interface Picked {
  image: HTMLImageElement;
  url: string;
}

async function openImage(file: File): Promise<Picked> {
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
    if (image.naturalWidth === 0 || image.naturalHeight === 0) throw new Error('empty image');
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { image, url };
}

/** The avatar: pick a picture, choose a square of it, upload it (with progress), done. */
export default function AvatarSection({ user }: { user: User }) {
  const { t } = useT();
  const { feedback, busy, run, refuse, reset } = useFeedback();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const upload = useRef<AbortController | null>(null);
  const errorId = useId();
  const progressId = useId();

  // Forget the picked picture's object URL when it is replaced or the page goes.
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );
  useEffect(() => () => upload.current?.abort(), []);

  const close = () => {
    setPicked(null);
    setCrop(null);
    setProgress(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      refuse({ key: 'profile.avatar.badType' });
      return;
    }
    if (file.size > SOURCE_MAX_BYTES) {
      refuse({ key: 'profile.avatar.tooLarge', vars: { mb: SOURCE_MAX_BYTES / 1024 / 1024 } });
      return;
    }
    try {
      const next = await openImage(file);
      reset();
      setPicked(next);
      setCrop(initialCrop(imageSize(next.image)));
    } catch {
      refuse({ key: 'profile.avatar.unreadable' });
    }
  };

  const cancel = () => {
    if (upload.current) {
      upload.current.abort();
      return;
    }
    close();
    reset();
    chooseButton.current?.focus();
  };

  const save = () => {
    if (!picked || !crop) return;
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    void run(async () => {
      try {
        let blob: Blob;
        try {
          blob = await renderCrop(picked.image, crop);
        } catch {
          throw new FormProblem({ key: 'profile.avatar.unreadable' });
        }
        const ticket = await getUploadTicket();
        if (blob.size > ticket.maxBytes) {
          throw new FormProblem({
            key: 'profile.avatar.tooLarge',
            vars: { mb: Math.floor(ticket.maxBytes / 1048576) },
          });
        }
        const { key } = await uploadFile(ticket, blob, {
          fileName: blob.type === 'image/webp' ? 'avatar.webp' : 'avatar.png',
          signal: controller.signal,
          onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0),
        });
        updateUser(await updateAvatar(key));
        close();
        return { key: 'profile.avatar.saved' };
      } catch (error) {
        setProgress(null);
        if (controller.signal.aborted) {
          close();
          return { key: 'profile.avatar.cancelled' };
        }
        throw error;
      } finally {
        upload.current = null;
      }
    });
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <ProfileCard id="profile-avatar" titleKey="profile.avatar.title" descKey="profile.avatar.desc">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar avatar={user.avatar} size={80} alt={t('profile.avatar.currentAlt')} />
        <div>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPTED_TYPES.join(',')}
            hidden
            onChange={(event) => void onFile(event)}
          />
          <button
            ref={chooseButton}
            type="button"
            className={`btn ${BUTTON_BUSY_CLASS}`}
            onClick={() => fileInput.current?.click()}
            disabled={busy}
          >
            <Msg k={picked ? 'profile.avatar.chooseOther' : 'profile.avatar.choose'} />
          </button>
          <p className="mt-1 text-xs text-muted">
            <Msg k="profile.avatar.types" />
          </p>
        </div>
      </div>

      {picked && crop && (
        <div className="mt-5 border-t border-line pt-5">
          <AvatarCropper image={picked.image} crop={crop} onChange={setCrop} disabled={busy} />
          {uploading && (
            <div className="mt-4">
              <p id={progressId} className="text-sm">
                <Msg k="profile.avatar.uploading" vars={{ percent }} />
              </p>
              <progress
                className="mt-1 block h-2 w-full max-w-80 appearance-none overflow-hidden rounded-full bg-line [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-accent"
                max={100}
                value={percent}
                aria-labelledby={progressId}
              />
            </div>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={`btn btn-primary ${BUTTON_BUSY_CLASS}`}
              onClick={save}
              disabled={busy}
            >
              <Msg k={uploading ? 'profile.avatar.saving' : 'profile.avatar.save'} />
            </button>
            <button type="button" className="btn" onClick={cancel}>
              <Msg k="profile.cancel" />
            </button>
          </div>
        </div>
      )}
      <Feedback feedback={feedback} errorId={errorId} busyText={<Msg k="profile.avatar.busy" />} />
    </ProfileCard>
  );
}
