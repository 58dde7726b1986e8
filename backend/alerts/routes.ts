/*
 * Saved lanes (carriers) and saved capacity searches (shippers), docs/decisions/0239. A new
 * load or listing that matches one alerts its owner (listeners/matching.ts).
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SavedLanesController = () => import('#alerts/controllers/saved_lanes_controller')
const SavedLanePolicy = () => import('#alerts/policies/saved_lane_policy')
const id = router.matchers.number()

const carriers = middleware.role({ roles: ['carrier'] })
const shippers = middleware.role({ roles: ['shipper'] })
const lane = middleware.authorize({ policy: SavedLanePolicy, action: 'lane' })
const search = middleware.authorize({ policy: SavedLanePolicy, action: 'search' })

router
  .group(() => {
    router.get('/saved-lanes', [SavedLanesController, 'lanes']).use([carriers])
    router.post('/saved-lanes', [SavedLanesController, 'createLane']).use([carriers])
    router
      .patch('/saved-lanes/:id', [SavedLanesController, 'updateLane'])
      .where('id', id)
      .use([carriers, lane])
    router
      .delete('/saved-lanes/:id', [SavedLanesController, 'deleteLane'])
      .where('id', id)
      .use([carriers, lane])
    router.get('/saved-searches', [SavedLanesController, 'searches']).use([shippers])
    router.post('/saved-searches', [SavedLanesController, 'createSearch']).use([shippers])
    router
      .patch('/saved-searches/:id', [SavedLanesController, 'updateSearch'])
      .where('id', id)
      .use([shippers, search])
    router
      .delete('/saved-searches/:id', [SavedLanesController, 'deleteSearch'])
      .where('id', id)
      .use([shippers, search])
  })
  .prefix('/api')
  .use(middleware.auth())
