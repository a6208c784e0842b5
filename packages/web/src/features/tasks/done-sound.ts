/** The short chime for a task marked done (frontend setting playSoundWhenDone); failures are only logged. */
export function playDoneSound(): void {
  try {
    const context = new AudioContext();
    const now = context.currentTime;
    for (const [index, frequency] of [880, 1318.5].entries()) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const start = now + index * 0.09;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.4);
    }
    setTimeout(() => void context.close(), 1000);
  } catch (error) {
    console.error('Could not play the done sound', error);
  }
}
