/**
 * What /readyz answers: ready unless shutting down or a configured dependency is
 * unreachable; degraded (still ready) while a dependency it works without is down.
 */
export class Readiness {
  private shuttingDown = false;
  private readonly checks = new Map<string, () => boolean>();
  private readonly degraders = new Map<string, () => boolean>();

  /** A named dependency and how to tell it is reachable. */
  addCheck(name: string, isUp: () => boolean): void {
    this.checks.set(name, isUp);
  }

  /** A dependency the instance works without, less well: `how` says in words what it does while `isUp` is false. */
  addDegradation(how: string, isUp: () => boolean): void {
    this.degraders.set(how, isUp);
  }

  startShutdown(): void {
    this.shuttingDown = true;
  }

  get isShuttingDown(): boolean {
    return this.shuttingDown;
  }

  /** Everything that keeps the instance from being ready, in words. */
  problems(): string[] {
    const problems = this.shuttingDown ? ["shutting down"] : [];
    for (const [name, isUp] of this.checks) if (!isUp()) problems.push(`${name} unreachable`);
    return problems;
  }

  /** How the instance works less well now, in words. */
  degradations(): string[] {
    return [...this.degraders].flatMap(([how, isUp]) => (isUp() ? [] : [how]));
  }
}
