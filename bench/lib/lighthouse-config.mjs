// Lighthouse's default configuration (mobile, simulated throttling) with one compatibility fix for
// the trace of today's Chromium.
//
// Lighthouse 12.2.3's trace engine (@paulirish/trace_engine 0.0.32) reads the frame number of
// every PipelineReporter event from `args.chrome_frame_reporter`; Debian's Chromium 150 writes it
// as `args.frame_reporter`. The engine then throws, and every audit that needs it fails with
// "Cannot read properties of undefined (reading 'frame_sequence')": the LCP element and its
// phases, render-blocking resources, layout shifts. The gatherer below hands Lighthouse the same
// trace with the field under the old name. No metric or score depends on it (they come from the
// simulation over the network records and main-thread tasks), only those audits.
import defaultConfig from 'lighthouse/core/config/default-config.js';
import TraceGatherer from 'lighthouse/core/gather/gatherers/trace.js';

class ChromiumTraceCompat extends TraceGatherer {
  getArtifact() {
    const trace = super.getArtifact();
    for (const event of trace.traceEvents) {
      if (event.name === 'PipelineReporter' && event.args?.frame_reporter && !event.args.chrome_frame_reporter) {
        event.args.chrome_frame_reporter = event.args.frame_reporter;
      }
    }
    return trace;
  }
}

/** Lighthouse's default configuration, its Trace artifact from the gatherer above. */
export const lighthouseConfig = {
  ...defaultConfig,
  artifacts: defaultConfig.artifacts.map((artifact) =>
    artifact.id === 'Trace' ? { id: 'Trace', gatherer: { implementation: ChromiumTraceCompat } } : artifact,
  ),
};
