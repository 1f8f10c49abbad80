/**
 * After sign-in, the background part of a first fill waits until the screen the user lands on has
 * drawn (LANDING_WAIT_MS at most), so sealing and writing pages does not slow that first screen.
 * Kept free of imports: the home page, in the first download, reports here too.
 */
const LANDING_WAIT_MS = 2000;
let landing: { drawn: Promise<void>; resolve(): void } | null = null;

/** A sign-in is about to land on a screen. */
export function expectLanding(): void {
  let resolve = () => {};
  const drawn = new Promise<void>((done) => {
    resolve = done;
  });
  landing = { drawn, resolve: () => resolve() };
}

/** The landing screen has drawn its data: a first fill may go on at full speed. */
export function landingDrawn(): void {
  landing?.resolve();
  landing = null;
}

export function untilLandingDrawn(): Promise<void> {
  if (!landing) return Promise.resolve();
  const { drawn } = landing;
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, LANDING_WAIT_MS))]).then(() => {
    if (landing?.drawn === drawn) landing = null;
  });
}
