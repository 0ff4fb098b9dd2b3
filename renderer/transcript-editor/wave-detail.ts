/**
 * The waveform zoomed in closer than main's kept 10 ms peaks draw (100 ms across is ten of
 * them): a view under DETAIL_BELOW_SECONDS asks main for the stretch wavesurfer draws (the
 * canvas in view and one either side) read from the recording at a pair per device pixel, and
 * draws those canvases from it; the rest, and the view until it comes, from the kept peaks.
 */
import type WaveSurfer from 'wavesurfer.js';
import { calculateLinePaths, calculateSingleCanvasWidth, calculateVerticalScale, getLazyRenderRange } from 'wavesurfer.js/dist/renderer-utils.js';
import { MAX_WAVEFORM_WINDOW_MS, MAX_WAVEFORM_WINDOW_PAIRS } from '../../shared/contract/transcriptEditor';
import { api } from '../api';
import { pairsOf } from './waveform';

/** A view spanning less than this draws from the recording's samples (three canvases stay within the contract's 30 s). */
export const DETAIL_BELOW_SECONDS = MAX_WAVEFORM_WINDOW_MS / 3000;

type Channels = Array<Float32Array | number[]>;
interface Stretch {
  fromMs: number;
  toMs: number;
  pairs: number;
}

const same = (a: Stretch | null, b: Stretch | null) => !!a && !!b && a.fromMs === b.fromMs && a.toMs === b.toMs && a.pairs === b.pairs;

/**
 * `renderFunction` for wavesurfer (it draws each canvas as wavesurfer's own line waveform does,
 * from the finer stretch where it covers the canvas) and `update`, called after each redraw,
 * scroll and zoom, asking for the view's stretch when it changed; `onDetail` hears what a drawn
 * pair spans (null: the kept peaks).
 */
export function waveDetail(id: string, onDetail: (pairMs: number | null) => void) {
  let wave: WaveSurfer | null = null;
  let shown: (Stretch & { channels: Channels }) | null = null;
  let asking: Stretch | null = null;
  /** One failure ends the asking for this opening: the kept peaks still draw, and every scroll would fail again. */
  let broken = false;
  let live = true;

  /** The canvases wavesurfer draws now (renderer-utils' own reckoning), in ms, at a pair per device pixel; null when not zoomed in. */
  function wanted(): Stretch | null {
    const duration = wave?.getDuration() ?? 0;
    const wrapper = wave?.getWrapper();
    const total = wrapper?.scrollWidth ?? 0;
    const clientWidth = wrapper?.parentElement?.clientWidth ?? 0;
    if (!wave || !duration || !total || !clientWidth || (clientWidth / total) * duration >= DETAIL_BELOW_SECONDS) return null;
    const canvas = calculateSingleCanvasWidth({ clientWidth, totalWidth: total, options: wave.options });
    const drawn = getLazyRenderRange({ scrollLeft: wave.getScroll(), totalWidth: total, numCanvases: Math.ceil(total / canvas) });
    const fromPx = Math.max(0, drawn[0]! * canvas);
    const toPx = Math.min(total, (drawn.at(-1)! + 1) * canvas);
    const fromMs = Math.floor((fromPx / total) * duration * 1000);
    const toMs = Math.min(fromMs + MAX_WAVEFORM_WINDOW_MS, Math.ceil((toPx / total) * duration * 1000));
    const pairs = Math.min(MAX_WAVEFORM_WINDOW_PAIRS, Math.ceil((toPx - fromPx) * devicePixelRatio));
    return toMs > fromMs && pairs > 0 ? { fromMs, toMs, pairs } : null;
  }

  /** The finer stretch's pairs for a canvas it covers (its place read from the canvas wavesurfer positioned), else null. */
  function finerFor(canvas: HTMLCanvasElement): Channels | null {
    const total = wave?.getWrapper().scrollWidth;
    if (!shown || !wave || !total) return null;
    const msAt = (px: number) => (px / total) * wave!.getDuration() * 1000;
    const left = parseFloat(canvas.style.left) || 0;
    const from = msAt(left);
    const to = msAt(left + (parseFloat(canvas.style.width) || 0));
    const perPair = (shown.toMs - shown.fromMs) / shown.pairs;
    if (from < shown.fromMs - perPair || to > shown.toMs + perPair) return null;
    const first = Math.max(0, Math.round((from - shown.fromMs) / perPair));
    const last = Math.min(shown.pairs, Math.round((to - shown.fromMs) / perPair));
    return shown.channels.map((channel) => channel.slice(first, last));
  }

  function update() {
    const want = wanted();
    if (!want || same(want, shown)) return onDetail(want ? (want.toMs - want.fromMs) / want.pairs : null);
    onDetail(null);
    // One stretch asked at a time; whatever the view wants when it comes is asked next.
    if (asking || broken) return;
    asking = want;
    api.transcriptEditor.waveformWindow({ id, ...want }).then(
      (answer) => {
        asking = null;
        if (!live || !answer) return;
        shown = { ...answer, channels: pairsOf(answer) };
        // Redrawn at once from the finer stretch (setOptions re-renders); the redraw calls update again.
        wave?.setOptions({});
      },
      () => {
        asking = null;
        broken = true;
      },
    );
  }

  return {
    attach: (surfer: WaveSurfer) => void (wave = surfer),
    update,
    render(coarse: Channels, ctx: CanvasRenderingContext2D) {
      const channelData = finerFor(ctx.canvas) ?? coarse;
      // As wavesurfer's line waveform draws (renderer.js renderLineWaveform), normalized per canvas.
      const vScale = calculateVerticalScale({ channelData, normalize: true });
      ctx.beginPath();
      for (const path of calculateLinePaths({ channelData, width: ctx.canvas.width, height: ctx.canvas.height, vScale })) {
        if (!path.length) continue;
        ctx.moveTo(path[0]!.x, path[0]!.y);
        for (const point of path.slice(1)) ctx.lineTo(point.x, point.y);
      }
      ctx.fill();
      ctx.closePath();
    },
    stop: () => void (live = false),
  };
}
