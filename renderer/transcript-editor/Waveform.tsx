import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/plugins/regions';
import { edit, useEditor } from './store';
import { waveDetail } from './wave-detail';
import { type RowSpan, movedEdge, rowsInView } from './wave-regions';
import { type Peaks, fullPeaks, overviewOf } from './waveform';

/** The closest zoom: 100 ms across the waveform, unless the whole would pass what a page can lay out. */
const CLOSEST_SECONDS = 0.1;
const WIDEST_PX = 16_000_000;
/** The CSP allows wavesurfer's stylesheet for this height alone (WAVEFORM_STYLE_HASH in electron/core/security/csp.ts). */
const HEIGHT = 72;
/** A dropped edge snaps to a word edge this near on screen, whatever the zoom. */
const SNAP_PX = 6;

const cssColor = (element: Element, name: string) => getComputedStyle(element).getPropertyValue(name).trim();

/** Pixels per second for a zoom of 0 (the whole meeting) to 1 (100 ms across). */
function pxPerSecond(zoom: number, width: number, duration: number): number {
  const whole = width / duration;
  const closest = Math.max(whole, Math.min(width / CLOSEST_SECONDS, WIDEST_PX / duration));
  return whole * (closest / whole) ** zoom;
}

/**
 * The recording's waveform under the editor's header, drawn from main's peaks (nothing is
 * decoded in the page) and playing through the editor's own audio element. Each row near the
 * view is a region; dragging its edge sends main the row's new start or end (the retime
 * intent), and the regions then show the document as main answered it.
 */
export function Waveform({ id, media }: { id: string; media: HTMLAudioElement }) {
  const { t } = useTranslation('editor');
  const box = useRef<HTMLDivElement>(null);
  const [peaks, setPeaks] = useState<Peaks | null | undefined>(undefined);
  const [zoom, setZoom] = useState(0);
  const [crowded, setCrowded] = useState(false);
  const [drawn, setDrawn] = useState(false);
  /** What each drawn pair spans: the overview's, then 10 ms (said on the element, for the bench and tests). */
  const [detail, setDetail] = useState<number | null>(null);
  /** What a pair spans where a zoomed-in view draws from the recording's samples (wave-detail.ts); null: from the kept peaks. */
  const [finePairMs, setFinePairMs] = useState<number | null>(null);
  const surfer = useRef<{ wave: WaveSurfer; regions: RegionsPlugin; sync: () => void; applyZoom: () => void } | null>(null);
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  const blocks = useEditor((view) => view.document?.blocks);

  useEffect(() => {
    let live = true;
    overviewOf(id).then(
      (loaded) => live && setPeaks(loaded),
      // The waveform is a help to editing, not a need: without it the rows still edit.
      () => live && setPeaks(null),
    );
    return () => {
      live = false;
    };
  }, [id]);

  useEffect(() => {
    const container = box.current;
    if (!container || !peaks) return;
    const regions = RegionsPlugin.create();
    const finer = waveDetail(id, setFinePairMs);
    const wave = WaveSurfer.create({
      container,
      media,
      peaks: peaks.channels,
      duration: peaks.duration,
      height: HEIGHT,
      waveColor: cssColor(container, '--muted'),
      progressColor: cssColor(container, '--accent'),
      cursorColor: cssColor(container, '--text'),
      normalize: true,
      autoScroll: true,
      autoCenter: false,
      dragToSeek: false,
      plugins: [regions],
      renderFunction: finer.render,
    });
    finer.attach(wave);
    // Zoomed in, the waveform scrolls: focusable, so the keyboard's arrows scroll it too.
    const scroller = wave.getWrapper().parentElement;
    if (scroller) scroller.tabIndex = 0;
    const applyZoom = () => wave.zoom(pxPerSecond(zoomRef.current, wave.getWidth(), peaks.duration));
    const shown = new Map<string, { region: Region; row: RowSpan }>();
    const even = cssColor(container, '--wave-row');
    const odd = cssColor(container, '--wave-row-alt');

    /** The regions for the rows near the view, as main's document now has them. */
    const sync = () => {
      const rows = useEditor.getState().document?.blocks ?? [];
      const width = wave.getWidth();
      const scroll = wave.getScroll();
      const span = wave.getDuration() * (width / (wave.getWrapper().scrollWidth || width));
      const from = (scroll / (wave.getWrapper().scrollWidth || width)) * wave.getDuration();
      const spans = rowsInView(rows, from - span, from + 2 * span);
      setCrowded(spans === null);
      const keep = new Set((spans ?? []).map((row) => row.id));
      for (const [rowId, { region }] of shown) if (!keep.has(rowId)) (region.remove(), shown.delete(rowId));
      for (const row of spans ?? []) {
        const known = shown.get(row.id);
        // Rows alternate in colour by place, which a split or merge above changes.
        const color = row.index % 2 ? odd : even;
        if (known) {
          known.row = row;
          if (known.region.start !== row.start || known.region.end !== row.end || known.region.color !== color) known.region.setOptions({ start: row.start, end: row.end, color });
          continue;
        }
        const region = regions.addRegion({ id: row.id, start: row.start, end: row.end, drag: false, resize: true, color });
        shown.set(row.id, { region, row });
      }
    };
    surfer.current = { wave, regions, sync, applyZoom };

    // The overview is drawn at once; the 10 ms peaks that zooming in needs take its place when they
    // come, asked once it is drawn (their 3 MB answer and its decoding would otherwise come first).
    let live = true;
    let asked = false;
    const askFull = () => {
      if (asked) return;
      asked = true;
      fullPeaks(id).then(
        (full) => {
          if (live && full && full.windowMs !== peaks.windowMs) void wave.load(media.currentSrc || media.src, full.channels, full.duration);
        },
        () => undefined,
      );
    };
    const stops = [
      wave.on('ready', () => (applyZoom(), sync())),
      wave.on('redraw', () => (setDrawn(true), askFull(), finer.update())),
      wave.on('ready', () => setDetail(wave.getDecodedData() === null ? null : (1000 * wave.getDuration()) / (wave.getDecodedData()!.length || 1))),
      wave.on('scroll', () => (sync(), finer.update())),
      wave.on('zoom', sync),
      // A click on the waveform plays from there.
      wave.on('interaction', () => void media.play().catch(() => undefined)),
      regions.on('region-updated', (region) => {
        const known = shown.get(region.id);
        const moved = known && movedEdge(known.row, region.start, region.end);
        if (!known || !moved) return sync();
        // Main snaps and keeps neighbours apart; whatever it answers (or refuses), the regions show the document.
        const snap = Math.min(5000, Math.round((SNAP_PX * 1000 * wave.getDuration()) / (wave.getWrapper().scrollWidth || 1)));
        void edit({ type: 'setTime', block: known.row.index, edge: moved.edge, ms: moved.ms, snap }).finally(sync);
      }),
    ];
    return () => {
      live = false;
      finer.stop();
      stops.forEach((stop) => stop());
      surfer.current = null;
      wave.destroy();
    };
  }, [id, peaks, media]);

  // Every change to the document (this window's or another's) moves the regions with it.
  useEffect(() => surfer.current?.sync(), [blocks]);

  // Before the waveform is ready, its 'ready' applies the zoom.
  useEffect(() => {
    if (surfer.current?.wave.getDecodedData()) surfer.current.applyZoom();
  }, [zoom]);

  if (peaks === null) return null;
  return (
    <div className="ed-wave">
      {/* Time runs left to right in every language. */}
      <div ref={box} className="ed-wave-box" dir="ltr" role="group" aria-label={t('waveform.label')} aria-busy={!drawn} data-pair-ms={detail === null ? undefined : Math.round(detail)}
        data-fine-pair-ms={finePairMs === null ? undefined : finePairMs.toFixed(3)}
      />
      <div className="ed-wave-bar">
        <label>
          {t('waveform.zoom')}{' '}
          <input type="range" min={0} max={1} step={0.01} value={zoom} disabled={!peaks} onChange={(event) => setZoom(Number(event.target.value))} />
        </label>
        <span className="hint" aria-live="polite">
          {peaks === undefined ? t('waveform.loading') : crowded ? t('waveform.zoomToDrag') : t('waveform.dragHint')}
        </span>
      </div>
    </div>
  );
}
