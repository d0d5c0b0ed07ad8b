// @tactica/narrative: storylets, bark and dialogue rules, AI-director pacing, text grammars.
export type { Condition, ConditionOp, Effect, Qualities, QualityValue } from "./types.js";
export { applyEffects, matchCondition, matchConditions } from "./conditions.js";

export type { Storylet, StoryletDeck, StoryletIndex, StoryletState } from "./storylets/types.js";
export { createStoryletIndex, syncStoryletIndex } from "./storylets/storylet-index.js";
export { storyletDeckFromJson, storyletDeckToJson } from "./storylets/deck.js";
export { storyletDeckJsonSchema } from "./storylets/deck-schema.js";
export { createStoryletState, restoreStoryletState, saveStoryletState, type RestoreStoryletReport } from "./storylets/state.js";
export { analyzeStoryletDeck, type StoryletAnalysis } from "./storylets/analyze.js";
export { directStorylet } from "./storylets/direct.js";
export { collectEligibleStorylets, drawStorylet, isStoryletEligible, playStorylet, selectStorylet, type SelectStoryletOptions } from "./storylets/select.js";

export type { BarkChoice, BarkQuery, BarkRule, BarkRuleSet, BarkState } from "./barks/types.js";
export { barkRulesFromJson, createBarkState, stepBarks } from "./barks/rules.js";
export { findBark, recordBark, sayBark, type BarkOptions } from "./barks/query.js";

export {
  addDirectorIntensity,
  createDirector,
  DirectorPhases,
  getDirectorSpawnBudget,
  restoreDirector,
  saveDirector,
  stepDirector,
  type CreateDirectorOptions,
  type Director,
  type DirectorConfig,
  type DirectorPhase,
  type DirectorSnapshot,
} from "./director/director.js";
// Snapshot-envelope codecs (issue 17): sections for core's saveSnapshot / restoreSnapshot.
export { directorSnapshotCodec, storyletStateSnapshotCodec } from "./state-codecs.js";

export { GrammarFlags, type ExpandGrammarOptions, type Grammar, type GrammarExpansion, type GrammarRule, type GrammarTraceNode } from "./grammar/types.js";
export {
  expandGrammar,
  formatGrammar,
  generateAccepted,
  generateText,
  grammarFromJson,
  grammarToJson,
  parseGrammar,
  type GenerateAcceptedResult,
} from "./grammar/grammar.js";

export {
  addPlayerAction,
  createPlayerModel,
  decayPlayerModel,
  inferGoals,
  PlayStyles,
  type GoalInference,
  type PlayerModel,
} from "./experience/player-model.js";
export {
  appraiseEmotions,
  emotionDistance,
  selectByEmotion,
  selectByStyle,
  type AppraisedGoal,
  type Emotions,
  type NarrativeChoice,
} from "./experience/appraisal.js";

export {
  emotionTrajectoryFromJson,
  evaluateEmotionTrajectory,
  selectByTrajectory,
  type EmotionKeyframe,
  type EmotionTrajectory,
} from "./experience/trajectory.js";
export {
  encountersFromJson,
  selectEncounter,
  type Encounter,
  type EncounterBranch,
  type EncounterChoice,
  type EncounterOption,
} from "./experience/encounters.js";
export { findStoryAlternatives, type StoryAlternative, type StoryAlternatives, type StoryAlternativesOptions } from "./experience/story-alternatives.js";
export { mm1Stationary, mm1Transient, sampleStationaryQueue, sampleTransientQueue } from "./merchant/queue.js";
export {
  applyMerchantEvent,
  countBatchItems,
  createMerchantItem,
  getMerchantStock,
  restockMerchantItem,
  restoreMerchantItem,
  setMerchantRates,
  tradeMerchantItem,
  visitMerchantItem,
  type MerchantItem,
  type MerchantItemOptions,
} from "./merchant/merchant.js";

export { cosineSimilarity, normalizeVariance, type VarianceNormalization } from "./analytics/vectors.js";
export { clusterKMeans, clusterKMedoids, type Clustering } from "./analytics/clustering.js";
export { matchArchetype, type ArchetypeMatch } from "./analytics/archetypes.js";
export { balanceTeams, eloExpected, updateElo } from "./analytics/elo.js";
export {
  createMetricReducers,
  metricDefinitionsFromJson,
  readMetrics,
  recordTelemetry,
  reduceTelemetryByPlayer,
  type MetricDefinition,
  type MetricKind,
  type MetricReducers,
  type PlayerMetrics,
  type TelemetryEvent,
} from "./analytics/telemetry.js";
export { evaluateTensionArc, type TensionArc } from "./director/tension-arc.js";
export {
  findRegionName,
  findSquadDialogue,
  squadDialoguesFromJson,
  type SquadDialogue,
  type SquadDialogueLine,
  type SquadDialogueQuery,
  type SquadDialogueResult,
  type SquadMember,
  type SquadRegion,
} from "./barks/squad-dialogue.js";
export { addLevelCounter, createLevelState, drainLevelChanges, setLevelValue, type LevelChange, type LevelState, type LevelValueType } from "./level-state.js";
