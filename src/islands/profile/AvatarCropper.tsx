import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useT } from '@/lib/i18n/use-t.ts';
import Msg from '../common/Msg.tsx';
import {
  centreCropOn,
  cropContains,
  fitScale,
  keyboardStep,
  maxCropSize,
  minCropSize,
  moveCrop,
  resizeCrop,
  type Crop,
} from './crop.ts';
import { drawCrop, imageSize } from './crop-canvas.ts';
import { LABEL_CLASS } from '../common/ui.ts';

/** The largest the cropping area is drawn, in CSS pixels. */
const BOX_MAX = 320;
const PREVIEW = 96;

interface Props {
  image: HTMLImageElement;
  crop: Crop;
  onChange: (crop: Crop) => void;
  disabled?: boolean;
}

/** Sets a canvas's backing size for crisp drawing on high-density screens; returns its context. */
function prepare(canvas: HTMLCanvasElement, width: number, height: number) {
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const context = canvas.getContext('2d');
  context?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}

/**
 * A square selection over the picked image, drawn on a canvas: drag it (or use the arrow keys),
 * resize it with the slider (or + and −), and see the result in the round preview.
 */
export default function AvatarCropper({ image, crop, onChange, disabled = false }: Props) {
  const { t } = useT();
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLCanvasElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number; crop: Crop } | null>(null);
  const [box, setBox] = useState(BOX_MAX);
  const helpId = useId();
  const sizeId = useId();
  const size = imageSize(image);
  const scale = fitScale(size, box);
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));

  // The area shrinks with its container (a phone's width).
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setBox(Math.max(120, Math.min(BOX_MAX, element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The stage: the image, the outside of the selection dimmed, the square and a round guide.
  useEffect(() => {
    const canvas = stage.current;
    if (!canvas) return;
    const context = prepare(canvas, width, height);
    if (!context) return;
    context.save();
    context.scale(width / size.width, height / size.height);
    context.drawImage(image, 0, 0);
    context.fillStyle = 'rgba(0, 0, 0, 0.55)';
    context.beginPath();
    context.rect(0, 0, size.width, size.height);
    context.rect(crop.x, crop.y, crop.size, crop.size);
    context.fill('evenodd');
    context.restore();

    const x = crop.x * scale;
    const y = crop.y * scale;
    const side = crop.size * scale;
    context.strokeStyle = 'rgba(255, 255, 255, 0.95)';
    context.lineWidth = 2;
    context.strokeRect(x + 1, y + 1, side - 2, side - 2);
    context.lineWidth = 1;
    context.strokeStyle = 'rgba(255, 255, 255, 0.5)';
    context.setLineDash([4, 4]);
    context.beginPath();
    context.arc(x + side / 2, y + side / 2, side / 2 - 1, 0, Math.PI * 2);
    context.stroke();
    context.setLineDash([]);
  }, [image, crop, width, height, scale, size.width, size.height]);

  useEffect(() => {
    const canvas = preview.current;
    if (!canvas) return;
    const context = prepare(canvas, PREVIEW, PREVIEW);
    if (context) drawCrop(context, image, crop, PREVIEW);
  }, [image, crop]);

  const toImage = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * size.width,
      y: ((event.clientY - rect.top) / rect.height) * size.height,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = toImage(event);
    let start = crop;
    if (!cropContains(crop, point.x, point.y)) {
      start = centreCropOn(crop, point.x, point.y, size);
      onChange(start);
    }
    drag.current = { x: point.x, y: point.y, crop: start };
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const from = drag.current;
    if (!from) return;
    const point = toImage(event);
    onChange(moveCrop(from.crop, point.x - from.x, point.y - from.y, size));
  };

  const endDrag = () => {
    drag.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    const step = keyboardStep(size, event.shiftKey);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      onChange(moveCrop(crop, move[0], move[1], size));
    } else if (event.key === '+' || event.key === '=' || event.key === 'PageUp') {
      onChange(resizeCrop(crop, crop.size + step, size));
    } else if (event.key === '-' || event.key === '_' || event.key === 'PageDown') {
      onChange(resizeCrop(crop, crop.size - step, size));
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div ref={frame} className="w-full max-w-80 min-w-0">
        <canvas
          ref={stage}
          role="application"
          aria-roledescription={t('profile.avatar.cropRole')}
          aria-label={t('profile.avatar.cropLabel')}
          aria-describedby={helpId}
          tabIndex={disabled ? -1 : 0}
          className={`mx-auto block max-w-full touch-none rounded-md bg-line ${disabled ? 'cursor-wait' : 'cursor-move'}`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onLostPointerCapture={endDrag}
          onKeyDown={onKeyDown}
        />
        <p id={helpId} className="mt-2 text-xs text-muted">
          <Msg k="profile.avatar.cropHelp" />
        </p>
      </div>
      <div className="flex flex-col gap-4 sm:min-w-40">
        <div>
          <p className={LABEL_CLASS} aria-hidden="true">
            <Msg k="profile.avatar.preview" />
          </p>
          <canvas
            ref={preview}
            role="img"
            aria-label={t('profile.avatar.preview')}
            className="mt-2 size-24 rounded-full border border-line bg-line"
          />
        </div>
        <div>
          <label htmlFor={sizeId} className={LABEL_CLASS}>
            <Msg k="profile.avatar.size" />
          </label>
          <input
            id={sizeId}
            type="range"
            min={minCropSize(size)}
            max={maxCropSize(size)}
            step={1}
            value={Math.round(crop.size)}
            disabled={disabled}
            onChange={(event) => onChange(resizeCrop(crop, Number(event.target.value), size))}
            aria-valuetext={`${Math.round(crop.size)} × ${Math.round(crop.size)} px`}
            className="mt-2 block w-full accent-accent"
          />
        </div>
      </div>
    </div>
  );
}
