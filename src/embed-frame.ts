// The CDN's embed-frame.js, the kit the service's embed pages load: all-hydrate.js (hydration
// support, then every element) and the frame's side of the embed control API.
import './all-hydrate.js';
import { startFrameProtocol } from './embed/frame-protocol.js';

startFrameProtocol();
