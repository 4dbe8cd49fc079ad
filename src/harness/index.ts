/**
 * Harnesses: what answers a case (the contract is src/contracts/harness.ts). The built-ins are
 * `toolAgent` (the calculator-tool agent), `singleShot` (one request per case, Long-Transduction)
 * and `httpAgent` (an agent in any language behind `arbigraph.http-agent/1`); `defineHarness`,
 * `reportedTranscript` and `boxedAnswers` are what a custom harness is written with.
 */
export {
  defineHarness,
  type Harness,
  type HarnessCase,
  type HarnessContext,
  type HarnessResult,
} from '../contracts/harness.ts'
export {
  HTTP_AGENT_PROTOCOL,
  type HttpAgentReply,
  type HttpAgentRequest,
} from '../contracts/http-agent.ts'
export { answerTexts, boxedAnswers } from './answer-texts.ts'
export { type HttpAgentOptions, httpAgent } from './http-agent.ts'
export { reportedTranscript, type TranscriptReport } from './reported-transcript.ts'
export { type SingleShotOptions, singleShot, singleShotStatus } from './single-shot.ts'
export { harnessNamed, type SuiteHarnessOption, suiteHarness } from './suite-harness.ts'
export { toolAgent } from './tool-agent.ts'
