import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config.js';

export type TrustFn = (address: string, hop: number) => boolean;

/** The same reading of TRUST_PROXY that Fastify applies to HTTP requests. */
export function trustFunction(trust: TrustProxy): TrustFn {
  if (trust === true) return () => true;
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** The client's address: the peer, or what trusted proxies say in X-Forwarded-For. */
export const clientAddress = (request: IncomingMessage, trust: TrustFn): string =>
  proxyAddr(request, trust);
