/** What /readyz answers: ready unless shutting down or a configured dependency is unreachable. */
export class Readiness {
  private shuttingDown = false;
  private readonly checks = new Map<string, () => boolean>();

  /** A named dependency and how to tell it is reachable. */
  addCheck(name: string, isUp: () => boolean): void {
    this.checks.set(name, isUp);
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
}
