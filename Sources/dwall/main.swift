import WallServer
import WallStore
import ArgumentParser
import Logging
import Hummingbird
