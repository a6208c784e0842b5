/**
 * The "done" sound (spec 2 §4, user setting playSoundWhenDone): a short two-note chime made with
 * the Web Audio API, so no audio file has to be shipped or cached. Failures are only logged.
 */
let context: AudioContext | null = null;

export function playDoneSound(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.09, 1318.5],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.18, start + offset + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.35);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.4);
    }
  } catch (error) {
    console.error('Could not play the done sound', error);
  }
}
