/** The shape of the frame's request handlers: one async function per request type. */
import type { FramePayload, FrameRequestType, FrameResult } from '../../messages.js';
import type { FrameContext } from '../context.js';

export type Handler<T extends FrameRequestType> = (payload: FramePayload<T>, ctx: FrameContext) => Promise<FrameResult<T>>;

export type Handlers<K extends FrameRequestType = FrameRequestType> = { [T in K]: Handler<T> };
