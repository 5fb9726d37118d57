// The CDN's all.js: registers every element.
import './components/provider/provider.js';
import './components/track-card/track-card.js';
