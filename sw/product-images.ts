// Product pictures, cache-first, keeping only what is known to be a picture: the worker asks
// the image host with CORS, so it sees the status; a 200 is cached (bounded by the expiration
// plugin), anything else is only shown. A host that does not answer CORS gets the browser's
// own request (an opaque answer, shown, never cached) — remembered, so each picture costs one
// request, not two.
import { Strategy, type StrategyHandler } from 'workbox-strategies';

export class VerifiedImageCacheFirst extends Strategy {
  private corsRefused = false;

  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const cached = await handler.cacheMatch(request);
    if (cached) return cached;
    if (this.corsRefused) return handler.fetch(request);
    let response: Response;
    try {
      response = await handler.fetch(new Request(request.url, { mode: 'cors', credentials: 'omit' }));
    } catch (error) {
      if (!self.navigator.onLine) throw error;
      this.corsRefused = true;
      return handler.fetch(request);
    }
    if (response.ok) await handler.cachePut(request, response.clone());
    return response;
  }
}
