/** Samples an analyser keeps: 128 ms at 16 kHz, a little more than the 100 ms between reads, so no sample goes unread. */
const WINDOW = 2048;

/**
 * Each track's peak (0..1) over its last WINDOW samples, read from an AnalyserNode per track
 * when the page asks (they go when the sources are disconnected). The meters read the audio here
 * rather than from ten worklet messages a second (pcm-worklet.ts says why): an analyser's
 * samples are copied into one reused array, no message and no buffer made per read.
 */
export function createPeaks(context: BaseAudioContext, sources: AudioNode[]) {
  const analysers = sources.map((source) => {
    const analyser = new AnalyserNode(context, { fftSize: WINDOW });
    source.connect(analyser);
    return analyser;
  });
  const samples = new Float32Array(WINDOW);
  return {
    read(): number[] {
      return analysers.map((analyser) => {
        analyser.getFloatTimeDomainData(samples);
        let peak = 0;
        for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
        return Math.min(1, peak);
      });
    },
  };
}
