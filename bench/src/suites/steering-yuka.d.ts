// Minimal typings for the parts of Yuka 0.7.8 (untyped on npm) that the steering suite drives.
declare module "yuka" {
  export class Vector3 {
    x: number;
    y: number;
    z: number;
    constructor(x?: number, y?: number, z?: number);
    set(x: number, y: number, z: number): this;
  }
  export class SteeringBehavior {
    weight: number;
    active: boolean;
  }
  export class SeparationBehavior extends SteeringBehavior {}
  export class AlignmentBehavior extends SteeringBehavior {}
  export class CohesionBehavior extends SteeringBehavior {}
  export class WanderBehavior extends SteeringBehavior {
    constructor(radius?: number, distance?: number, jitter?: number);
  }
  export class SteeringManager {
    add(behavior: SteeringBehavior): this;
  }
  export class GameEntity {
    position: Vector3;
    boundingRadius: number;
    neighborhoodRadius: number;
    updateNeighborhood: boolean;
    neighbors: GameEntity[];
  }
  export class MovingEntity extends GameEntity {
    velocity: Vector3;
    maxSpeed: number;
    updateOrientation: boolean;
  }
  export class Vehicle extends MovingEntity {
    mass: number;
    maxForce: number;
    steering: SteeringManager;
  }
  export class CellSpacePartitioning {
    constructor(width: number, height: number, depth: number, cellsX: number, cellsY: number, cellsZ: number);
  }
  export class EntityManager {
    spatialIndex: CellSpacePartitioning | null;
    add(entity: GameEntity): this;
    update(delta: number): this;
  }
}
