@testable import Replay

/// Suites that check what a scene file is refused for: `error(json)` decodes it as if read from
/// `scene.json` and returns the error it raises, or nil when it is accepted.
protocol SceneErrorChecking {}

extension SceneErrorChecking {
    func error(_ json: String) -> SceneError? {
        do {
            _ = try SceneLoader.decode(Array(json.utf8), file: "scene.json")
            return nil
        } catch {
            return error
        }
    }
}
