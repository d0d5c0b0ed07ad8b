/**
 * `@tactica/core`: the math and data-structure floor every Tactica package stands on.
 *
 * - Vectors: {@link Vec2} / {@link Vec3} as plain `{x, y}` / `{x, y, z}` objects with
 *   allocation-free functions (`out` first) — three.js, Phaser and PixiJS vectors work as they are.
 * - Geometry: angles and frames, segments, rays, circles, AABBs, polygons, convex hulls.
 * - Spatial indexes: a uniform {@link SpatialHash} and a 2D/3D {@link KdTree}.
 * - Collections: binary heap, indexed heap with decrease-key, bucket queue, bitset, ring buffer.
 * - Randomness: the seeded, serializable {@link Rng} and its distributions.
 * - Response curves for utility AI and perception, defined as plain JSON.
 * - {@link TacticaError}, argument validation, the {@link DebugDraw} interface, frame budgets.
 *
 * @packageDocumentation
 */

export { type ErrorCode, ErrorCodes, isTacticaError, TacticaError, type TacticaErrorCode, type TacticaErrorDetails } from "./errors";
export { assertFinite, assertFiniteArray, assertInteger, assertNonNegative, assertOneOf, assertPositive, assertRange, invalidArgument } from "./validate";
export { approxEqual, clamp, clamp01, EPSILON, inverseLerp, lerp, remap, sign, smoothstep } from "./scalar";
export { type ReadonlyVec2, vec2, type Vec2, vec2Add, vec2Angle, vec2ApproxEquals, vec2Clone, vec2Copy, vec2Cross, vec2Distance, vec2DistanceSq, vec2Dot, vec2Equals, vec2FromAngle, vec2Length, vec2LengthSq, vec2Lerp, vec2Negate, vec2Normalize, vec2Perp, vec2Project, vec2Reflect, vec2Rotate, vec2Scale, vec2ScaleAndAdd, vec2Set, vec2SetLength, vec2Sub, vec2Truncate } from "./vec2";
export { type ReadonlyVec3, vec3, type Vec3, vec3Add, vec3ApproxEquals, vec3Clone, vec3Copy, vec3Cross, vec3Distance, vec3DistanceSq, vec3Dot, vec3Equals, vec3Length, vec3LengthSq, vec3Lerp, vec3Negate, vec3Normalize, vec3Scale, vec3ScaleAndAdd, vec3Set, vec3Sub, vec3Truncate } from "./vec3";
export { angleDifference, degToRad, lerpAngle, radToDeg, rotateTowards, wrapAngle } from "./angle";
export { frameForward, frameHeadingFromForward, frameRight, toLocal, toLocalDirection, toWorld, toWorldDirection } from "./frame";
export { createSegmentIntersection, segmentClosestPoint, segmentClosestPoints, segmentClosestT, segmentDistanceSqToPoint, segmentDistanceSqToSegment, segmentDistanceToPoint, segmentDistanceToSegment, type SegmentIntersection, segmentIntersectSegment, segmentIntersectsSegment } from "./segment";
export { ray, type Ray, rayIntersectAabb, rayIntersectCircle, rayIntersectSegment, rayPointAt, type ReadonlyRay } from "./ray";
export { circle, type Circle, circleClosestBoundaryPoint, circleClosestPoint, circleContainsPoint, circleIntersectsSegment, circleOverlapsCircle, circleSignedDistance, type ReadonlyCircle } from "./circle";
export { aabb, type Aabb, aabbCenter, aabbClosestPoint, aabbContainsAabb, aabbContainsPoint, aabbCopy, aabbDistanceSqToPoint, aabbExpand, aabbExpandToPoint, aabbFromCoords, aabbFromPoints, aabbIntersectSegment, aabbIntersectsSegment, aabbIsEmpty, aabbOverlaps, aabbSet, aabbSetEmpty, aabbUnion, type ReadonlyAabb } from "./aabb";
export { polygonArea, polygonCentroid, polygonClosestPoint, polygonContainsPoint, polygonContainsPointCoords, polygonEnsureCounterClockwise, polygonEnsureCounterClockwiseCoords, polygonIntersectsSegment, polygonIsConvex, polygonSignedArea, polygonSignedAreaCoords, PolygonWinding, polygonWinding } from "./polygon";
export { convexHull, convexHullIndices, convexHullIndicesCoords } from "./convex-hull";
export { createSpatialHash, type SpatialHash, spatialHashClear, spatialHashGetPosition, spatialHashHas, spatialHashInsert, type SpatialHashOptions, spatialHashQueryAabb, spatialHashQueryRadius, spatialHashRemove, spatialHashUpdate } from "./spatial-hash";
export { createKdTree, kdNearest, kdNearestOne, type KdPoint, kdRadius, type KdTree, type KdTreeOptions } from "./kd-tree";
export { type BinaryHeap, binaryHeapClear, binaryHeapPeek, binaryHeapPop, binaryHeapPush, createBinaryHeap, createNumericHeap, type HeapComparator, type NumericHeap, numericHeapClear, numericHeapPeek, numericHeapPeekPriority, numericHeapPop, numericHeapPush } from "./binary-heap";
export { createIndexedHeap, type IndexedHeap, indexedHeapClear, indexedHeapContains, indexedHeapDecreaseKey, indexedHeapGetPriority, indexedHeapPeek, indexedHeapPeekPriority, indexedHeapPop, indexedHeapPush, indexedHeapPushNext, indexedHeapRemove, indexedHeapUpdate } from "./indexed-heap";
export { type BucketQueue, bucketQueueClear, bucketQueuePeek, bucketQueuePeekPriority, bucketQueuePop, bucketQueuePush, createBucketQueue } from "./bucket-queue";
export { type Bitset, bitsetAnd, bitsetAndNot, bitsetClear, bitsetClearAll, bitsetClone, bitsetCopy, bitsetCount, bitsetEquals, bitsetFill, bitsetFirst, bitsetHas, bitsetIntersects, bitsetIsEmpty, bitsetIsSubset, bitsetNext, bitsetNot, bitsetOr, bitsetSet, bitsetToggle, bitsetToIndices, bitsetXor, createBitset, createBitsetFromIndices, formatBitset, parseBitset } from "./bitset";
export { createNumberRingBuffer, createRingBuffer, type RingBuffer, ringBufferAt, ringBufferClear, ringBufferIsFull, type RingBufferOptions, ringBufferPeek, ringBufferPeekBack, ringBufferPop, ringBufferPush, ringBufferShift, type RingBufferStorage, ringBufferToArray, ringBufferUnshift } from "./ring-buffer";
export { cloneRng, createRng, forkRng, restoreRng, type Rng, rngBinomial, rngBool, rngFloat, rngInt, rngNextFloat, rngNextUint32, rngNormal, rngPick, rngPoisson, rngShuffle, type RngSnapshot, rngWeightedPick, saveRng } from "./rng";
export { type CompiledResponseCurve, compileResponseCurve, evaluateResponseCurve, type LinearCurveDef, type LogisticCurveDef, LOGIT_EPSILON, type LogitCurveDef, type PiecewiseCurveDef, type PolynomialCurveDef, type ResponseCurveDef, type ResponseCurveInputRange, type ResponseCurveOptions, type ResponseCurvePoint, type ResponseCurveType, ResponseCurveTypes, type StepCurveDef, validateResponseCurve, type ValidateResponseCurveOptions } from "./response-curve";
export { createRecordingDebugDraw, type DebugColor, type DebugDraw, type DebugDrawCommand, type DebugStyle, drawArrow, nullDebugDraw, type RecordingDebugDraw } from "./debug-draw";
export { createFrameBudget, createRoundRobin, type FrameBudget, frameBudgetConsume, frameBudgetExhausted, frameBudgetRemaining, frameBudgetReset, frameBudgetSpend, frameBudgetTake, type RoundRobin, roundRobinIsActive, roundRobinNext, roundRobinRun, roundRobinSetActive } from "./frame-budget";
