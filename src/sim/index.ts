/**
 * The simulated OpenAI-compatible endpoint (vLLM-flavoured), its personas and its case book.
 */
export type { CaseBook, SimCase, SimCaseInput } from './case-book.ts'
export { caseOf, createCaseBook, simCaseSchema } from './case-book.ts'
export type { Latency } from './chat-completion.ts'
export type { Conversation, SimProtocol } from './conversation.ts'
export { readConversation, sha256Hex } from './conversation.ts'
export type { PersonaOptions } from './create-persona.ts'
export { createPersona, personaNames } from './create-persona.ts'
export type { ChaosFault, ChaosOptions, ChaosRates } from './personas/chaos.ts'
export { chaosFault, chaosPersona, defaultChaosRates } from './personas/chaos.ts'
export type { NoisyOptions, NoisyRates } from './personas/noisy.ts'
export { defaultNoisyRates, noisyPersona, wrongValueProbability } from './personas/noisy.ts'
export { answerBoxes, oracleExpressions, oraclePersona } from './personas/oracle.ts'
export type { Persona, PersonaInput, PersonaName, PersonaReply } from './personas/persona.ts'
export type { ReplayOptions } from './personas/replay.ts'
export { loadRecordedTurns, replayPersona } from './personas/replay.ts'
export type { TransductionTruth } from './personas/transduction.ts'
export {
  faultProbability,
  noisyTransductionText,
  noisyTransductionTurn,
  transductionOracleTurn,
} from './personas/transduction.ts'
export type { ChatRequest } from './protocol.ts'
export { approxTokens, chatRequestSchema, SimHttpError, vllmErrorBody } from './protocol.ts'
export { calculatorCallXml } from './qwen-text.ts'
export type { SimServer, SimServerOptions, SimServerStats } from './server.ts'
export { startSimServer } from './server.ts'
export type { FinishReason, ServedTurn, ServerProfile, ServerProfileName } from './server-profile.ts'
export {
  defaultServerProfile,
  serverProfile,
  serverProfileFromEnv,
  serverProfileNames,
} from './server-profile.ts'
