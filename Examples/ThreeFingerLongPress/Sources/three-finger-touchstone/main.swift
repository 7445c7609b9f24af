import Replay
import ThreeFingerLongPress
import TouchstoneCommands

TouchstoneCommand.main(registering: [.threeFingerLongPress])
