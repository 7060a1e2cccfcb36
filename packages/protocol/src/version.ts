/**
 * Bumped on any change a deployed client could misread. The socket handshake carries it
 * (`auth.protocolVersion`) and a server refuses a different one with PROTOCOL_MISMATCH.
 */
export const PROTOCOL_VERSION = 2;
