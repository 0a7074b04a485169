/**
 * How many recordings decode-audio and spots take at once, decided from a request's headers, before
 * its body is read: a recording holds memory from its first byte received (up to 32 MiB) to
 * its answer, so it is counted from its headers, while it is received, while it waits for a
 * thread and while it is decoded. Checked only once the body was read, the queue bounded
 * nothing: 50 uploads held 3.7 GB before the first refusal (issue 43).
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { IncomingMessage, Server } from "node:http";
import type { Gauge } from "prom-client";
import { busy } from "./errors.js";
import { requestPath } from "./paths.js";

export class DecodeAdmission {
  private taken = 0;
  /** Requests that wait to be told to send their body (Expect: 100-continue), not yet told. */
  private readonly asking = new WeakSet<IncomingMessage>();

  /** At most `max` at once; `gauge` follows the count. */
  constructor(
    private readonly max: number,
    private readonly retryAfterSeconds: number,
    private readonly gauge?: Gauge,
  ) {}

  /** Recordings taken and not yet answered (or given up by their client). */
  get count(): number {
    return this.taken;
  }

  /**
   * An onRequest hook: takes a place, or refuses with 503 BUSY. busy() closes the connection
   * after the answer, so the body the client is sending is never read.
   */
  readonly admit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (this.taken >= this.max) {
      done(busy(this.retryAfterSeconds));
      return;
    }
    this.taken++;
    this.gauge?.inc();
    if (this.asking.delete(request.raw)) reply.raw.writeContinue();
    // A response closes once it is answered, and also when its connection goes first (a client
    // that hangs up mid-upload or while it waits): either way the place is free again.
    reply.raw.once("close", () => {
      this.taken--;
      this.gauge?.dec();
    });
    done();
  };

  /**
   * Node tells a client that asks (Expect: 100-continue) to send its body as soon as its
   * headers arrive, before any hook could refuse it. For `paths`, the 100 Continue waits for a
   * place (admit), and a client refused is spared sending its body at all; any other path is
   * answered as Node would.
   */
  holdContinues(server: Server, paths: readonly string[]): void {
    server.on("checkContinue", (request: IncomingMessage, response) => {
      if (paths.includes(requestPath(request.url ?? ""))) this.asking.add(request);
      else response.writeContinue();
      server.emit("request", request, response);
    });
  }
}
